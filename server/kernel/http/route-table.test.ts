import { RouteTable } from './route-table';

const noop = () => undefined;

function table(): RouteTable {
  const t = new RouteTable();
  t.add([
    { name: 'pdp_show', method: 'GET', path: '/prevention-plan/{id}', right: 'authenticated', handler: noop },
    { name: 'pdp_apply_transition', method: 'POST', path: '/prevention-plan/{id}/apply/{transition}', right: 'authenticated', handler: noop },
    { name: 'translations', method: 'GET', path: '/translations/{domain}.{_format}', right: 'public', handler: noop,
      requirements: { domain: '\\w+', _format: 'js|json' }, defaults: { domain: 'messages', _format: 'js' } },
  ]);
  return t;
}

describe('RouteTable', () => {
  it('builds paths by name and refuses a non-numeric id', () => {
    const t = table();
    expect(t.path('pdp_show', { id: 12 })).toBe('/prevention-plan/12');
    expect(() => t.path('pdp_show', { id: 'abc' })).toThrow(/ne respecte pas/);
    expect(t.path('pdp_show', { id: 3, inModal: 1 })).toBe('/prevention-plan/3?inModal=1');
  });

  it('throws on unknown and duplicate names', () => {
    const t = table();
    expect(() => t.path('nope')).toThrow('Route inconnue : nope');
    expect(() => t.add([{ name: 'pdp_show', method: 'GET', path: '/x', right: 'public', handler: noop }])).toThrow(/double/);
  });

  it('lets a transition be any text without a slash', () => {
    const t = table();
    const m = t.match('POST', '/prevention-plan/4/apply/send_tiers');
    expect(m && 'route' in m && m.params).toEqual({ id: '4', transition: 'send_tiers' });
    expect(t.match('POST', '/prevention-plan/4/apply/a/b')).toBeNull();
  });

  it('reports the allowed methods when only the method is wrong', () => {
    expect(table().match('GET', '/prevention-plan/4/apply/x')).toEqual({ allowed: ['POST'] });
  });

  it('serves translation defaults like Symfony', () => {
    const t = table();
    expect(t.path('translations')).toBe('/translations');
    expect(t.path('translations', { domain: 'client', _format: 'json' })).toBe('/translations/client.json');
    const a = t.match('GET', '/translations');
    expect(a && 'route' in a && a.params).toEqual({ domain: 'messages', _format: 'js' });
    const b = t.match('GET', '/translations/client.json');
    expect(b && 'route' in b && b.params).toEqual({ domain: 'client', _format: 'json' });
    expect(t.match('GET', '/translations/cli-ent.json')).toBeNull();
    expect(t.match('GET', '/translations/client.xml')).toBeNull();
  });
});
