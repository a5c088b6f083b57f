import fs from 'node:fs';
import { ALL_RIGHT_NAMES } from '../../kernel/rights/catalogue';
import { DEFAULT_RIGHTS, SYSTEM_ROLES } from '../identity/roles';
import { RIGHTS_DOC, renderRightsDoc } from './rights-doc';

describe('docs/rights.md', () => {
  it('is up to date with DEFAULT_RIGHTS (UPDATE_RIGHTS_DOC=1 rewrites it)', () => {
    const expected = renderRightsDoc();
    if (process.env.UPDATE_RIGHTS_DOC === '1') fs.writeFileSync(RIGHTS_DOC, expected);
    expect(fs.readFileSync(RIGHTS_DOC, 'utf8')).toBe(expected);
  });

  it('covers every system role with rights of the catalogue only', () => {
    expect(Object.keys(DEFAULT_RIGHTS).sort()).toEqual(SYSTEM_ROLES.map((r) => r.code).sort());
    const unknown = Object.entries(DEFAULT_RIGHTS).flatMap(([code, list]) => list.filter((r) => !ALL_RIGHT_NAMES.includes(r)).map((r) => `${code}: ${r}`));
    expect(unknown).toEqual([]);
  });

  it('labels every right of the catalogue in French', () => {
    expect(renderRightsDoc()).not.toMatch(/\| [a-z_]+\.[a-z_]+ \(`/);
    const fr = JSON.parse(fs.readFileSync(`${__dirname}/../../../translations/fr/rights.json`, 'utf8'));
    const get = (k: string) => k.split('.').reduce((n: any, p) => n?.[p], fr);
    expect(ALL_RIGHT_NAMES.filter((r) => typeof get(r) !== 'string')).toEqual([]);
  });
});
