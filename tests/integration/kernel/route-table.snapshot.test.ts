import { RouteTable } from '../../../server/kernel/http/route-table';
import { MODULES } from '../../../server/modules';
import { ALL_RIGHT_NAMES } from '../../../server/kernel/rights/catalogue';

/**
 * Every named route with the right it needs, one line each: a change of access shows in the
 * snapshot diff and is reviewed as such. After adding or changing routes on purpose, run
 * `npx jest --selectProjects integration -- tests/integration/kernel/route-table -u`.
 */
describe('route table', () => {
  it('lists every route with its right (name METHOD path right)', () => {
    const table = new RouteTable();
    for (const m of MODULES) table.add(m.routes);
    const lines = table.all().map((r) => `${r.name} ${r.methods.join('|')} ${r.path} ${r.right}${r.toggle ? ` toggle:${r.toggle}` : ''}`);
    expect(lines.join('\n')).toMatchSnapshot();
  });

  it('declares only known rights', () => {
    const unknown = MODULES.flatMap((m) => m.routes).filter((r) => !['public', 'authenticated'].includes(r.right) && !ALL_RIGHT_NAMES.includes(r.right));
    expect(unknown.map((r) => `${r.name}: ${r.right}`)).toEqual([]);
  });
});
