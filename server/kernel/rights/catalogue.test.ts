import { MENU } from '../menu';
import { ALL_RIGHT_NAMES, RIGHTS_CATALOGUE } from './catalogue';

describe('rights catalogue', () => {
  it('names every right once, as <group-prefix>.<action>', () => {
    expect(new Set(ALL_RIGHT_NAMES).size).toBe(ALL_RIGHT_NAMES.length);
    for (const name of ALL_RIGHT_NAMES) expect(name).toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(Object.keys(RIGHTS_CATALOGUE)).toEqual(['admin', 'other', 'vgp', 'hr', 'companies', 'event', 'action', 'activity_map', 'prevention_plan', 'project', 'consignment', 'security_welcome', 'ppsps', 'unique_document', 'ged', 'environment', 'indicators']);
  });
  it('covers every right the menu asks for', () => {
    const used = MENU.flatMap((s) => s.entries.map((e) => e.right)).filter((r) => r !== 'authenticated');
    expect(used.filter((r) => !ALL_RIGHT_NAMES.includes(r))).toEqual([]);
  });
});
