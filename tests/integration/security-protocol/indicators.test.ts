import path from 'node:path';
import ejs from 'ejs';
import { createTestApp, type TestApp } from '../../support/app';
import { translator } from '../../../server/kernel/i18n/i18n';
import { VIEWS_DIR } from '../../../server/kernel/http/render';
import { EDITOR, member, newCompany, newProtocol, type Member } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

/**
 * One company's protocols: two drafts (one of the editor's), one waiting for the companies with
 * the editor as substitute, two in operation (one with the editor responsible), one expired, an
 * archived and a trashed protocol in operation; the editor (no pds.view_all) sees three of them.
 * Another company has a protocol in operation.
 */
async function seed() {
  const company = newCompany();
  const all = await member(t, company, ['pds.view', 'pds.view_all']);
  const editor = await member(t, company, EDITOR);
  const tid = all.tenantId;
  await newProtocol(t, tid, all.id, { status: 'draft' });
  await newProtocol(t, tid, editor.id, { status: 'draft', responsible_id: editor.id });
  const waiting = await newProtocol(t, tid, all.id, { status: 'waiting_tiers' });
  await q('INSERT INTO security_protocol_substitute (protocol_id, user_id, tenant_id) VALUES ($1, $2, $3)', [waiting, editor.id, tid]);
  await newProtocol(t, tid, all.id, { status: 'in_operation' });
  await newProtocol(t, tid, all.id, { status: 'in_operation', responsible_id: editor.id });
  await newProtocol(t, tid, all.id, { status: 'expired' });
  await newProtocol(t, tid, editor.id, { status: 'in_operation', archived: true });
  const trashed = await newProtocol(t, tid, editor.id, { status: 'in_operation' });
  await q('UPDATE security_protocol SET deleted_at = now() WHERE id = $1', [trashed]);
  const stranger = await member(t, newCompany(), ['pds.view', 'pds.view_all']);
  await newProtocol(t, stranger.tenantId, stranger.id, { status: 'in_operation' });
  return { all, editor };
}

const json = async (m: Member, name: string) => {
  const res = await m.agent.get(t.ctx.routes.path(name));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
};

describe('security protocol indicators', () => {
  it('counts the company’s protocols by state, only those the user sees', async () => {
    const { all, editor } = await seed();
    expect(t.ctx.routes.path('pds_dashboard_state')).toBe('/dashboard/security-protocol/state');

    const state = await json(all, 'pds_dashboard_state');
    expect(state.labels).toEqual(['Brouillon', "En attente de validation de l'entreprise", 'En opération', 'Expiré']);
    expect(state.series).toEqual([{ label: 'Protocoles', data: [2, 1, 2, 1] }]);
    expect(state.total).toBe(6);
    expect(state.links).toEqual(['draft', 'waiting_tiers', 'in_operation', 'expired'].map((status) => t.ctx.routes.path('pds_index', { status })));

    const mine = await json(editor, 'pds_dashboard_state');
    expect(mine.labels).toEqual(['Brouillon', "En attente de validation de l'entreprise", 'En opération']);
    expect(mine.series[0].data).toEqual([1, 1, 1]);
    expect(mine.total).toBe(3);
  });

  it('refuses users without pds.view', async () => {
    const outsider = await member(t, newCompany(), ['ppsps.view']);
    expect((await outsider.agent.get(t.ctx.routes.path('pds_dashboard_state'))).status).toBe(403);
  });

  it('renders the widget in the _indicators partial and on the protocol list page, next to the per-state counts', async () => {
    const html = await ejs.renderFile(path.join(VIEWS_DIR, 'security-protocol', '_indicators.ejs'), {
      t: translator('fr'), locale: 'fr', path: (name: string, params?: Record<string, string>) => t.ctx.routes.path(name, params),
      json: (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c'),
    });
    expect(html).toContain('Protocoles par état');
    expect(html).toContain(`"url":"${t.ctx.routes.path('pds_dashboard_state')}"`);

    const { editor } = await seed();
    const page = await editor.agent.get(t.ctx.routes.path('pds_index'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="pds-indicators"');
    expect(page.text).toContain(`"url":"${t.ctx.routes.path('pds_dashboard_state')}"`);
    expect(page.text).toContain('data-testid="pds-count-in_operation">1<');
  });
});
