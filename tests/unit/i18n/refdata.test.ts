import fs from 'node:fs';
import path from 'node:path';
import { refLabel } from '../../../server/kernel/i18n/refdata';
import { DEFAULT_WORK_TYPES } from '../../../server/modules/prevention-admin/work-type.defaults';
import { NOMENCLATURE_KIND_DEFS } from '../../../server/modules/nomenclature/nomenclature.kinds';

const fr = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'translations', 'fr', 'refdata.json'), 'utf8'));
const demo = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'server', 'modules', 'hr', 'employee', 'employee.demo.ts'), 'utf8');

describe('seeded reference data translations', () => {
  it('hold every seeded French wording, once per kind, so each seeded row is translated', () => {
    expect(Object.values(fr.work_type).sort()).toEqual(DEFAULT_WORK_TYPES.map((w) => w.label).sort());
    expect(Object.values(fr.efficiency_synthesis)).toEqual(NOMENCLATURE_KIND_DEFS.efficiency_synthesis.defaults);
    for (const name of Object.values(fr.activity_category) as string[]) expect(demo).toContain(`'${name}'`);
  });

  it('translate a seeded label, keep a renamed or own label as typed, and keep French for French', () => {
    expect(refLabel('en', 'work_type', 'Travaux de démolition')).toBe('Demolition work');
    expect(refLabel('de', 'work_type', 'Travaux de démolition')).toBe('Abbrucharbeiten');
    expect(refLabel('fr', 'work_type', 'Travaux de démolition')).toBe('Travaux de démolition');
    expect(refLabel('en', 'work_type', 'Travaux de démolition lourde')).toBe('Travaux de démolition lourde');
    expect(refLabel('en', 'efficiency_synthesis', 'Causes supprimées')).toBe('Causes removed');
    expect(refLabel('pl', 'activity_category', 'Cadres')).toBe('Kadra kierownicza');
    // A kind without translations (a nomenclature list of the company's own) shows its labels as typed.
    expect(refLabel('en', 'main_source' as never, 'Audit interne')).toBe('Audit interne');
  });
});
