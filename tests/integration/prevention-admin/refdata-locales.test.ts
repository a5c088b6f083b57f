import ejs from 'ejs';
import path from 'node:path';
import { VIEWS_DIR } from '../../../server/kernel/http/templates';
import { loadPlanPrint } from '../../../server/modules/prevention-plan/core/plan-pdf.data';
import { printHelpers, printTranslator } from '../../../server/modules/signing/document-pdf';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { planFixtures } from '../prevention-plan/long-works-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const db = () => t.db.dataSource;
const f = () => planFixtures(db());
let seq = 0;
const company = () => `Refdata ${process.pid}-${Date.now()}-${++seq}`;
const html = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe('seeded reference data in the reader\'s language (issue 25 item 9)', () => {
  it('shows work types and the 1993 dangerous works in English on the plan form, the plan page, the admin list and the widget; a renamed type keeps its own label', async () => {
    const user = await makeUser(t, { company: company(), roles: ['super_admin'], locale: 'en' });
    const demolition = await f().workType(user.tenantId, 'Travaux de démolition');
    const roof = await f().workType(user.tenantId, 'Travaux en toiture');
    const cleaning = await f().workType(user.tenantId, 'Nettoyage des locaux');
    await db().query("UPDATE work_type SET label = 'Nettoyage des bureaux et ateliers', version = version + 1 WHERE id = $1", [cleaning]);
    const plan = await f().plan(user.tenantId, { number: 'REF-EN', start: '2026-03-01', end: '2026-06-30', createdBy: user.id });
    await f().workTypes(user.tenantId, plan, [demolition, roof, cleaning]);
    const { agent } = await loginAs(t, user);

    const form = html((await agent.get(t.ctx.routes.path('pdp_edit', { id: plan })).set('X-Requested-With', 'XMLHttpRequest')).text);
    expect(form).toMatch(/for="pdp_workType_\d+">Demolition work/);
    expect(form).toContain('Work exposing to ionising radiation');
    expect(form).toContain('Oxyacetylene welding work requiring a “hot work permit”');
    expect(form).not.toContain('Travaux de démolition');
    expect(form).toContain('Nettoyage des bureaux et ateliers');

    const page = html((await agent.get(t.ctx.routes.path('pdp_show', { id: plan }))).text);
    expect(page).toContain('<div>Demolition work');
    expect(page).toContain('<div>Roof work');
    expect(page).toContain('<div>Nettoyage des bureaux et ateliers');

    const admin = html((await agent.get('/admin/prevention/work-types')).text);
    expect(admin).toMatch(/data-work-type="Travaux de démolition">\s*<td class="fw-semibold">Demolition work<div class="small text-muted fw-normal" lang="fr">Wording in documents: Travaux de démolition<\/div>/);
    expect(admin).toMatch(/<td class="fw-semibold">Nettoyage des bureaux et ateliers<\/td>/);

    const widget = await agent.get(t.ctx.routes.path('pdp_dashboard_work_types'));
    expect(widget.status).toBe(200);
    const labels = JSON.stringify(widget.body);
    expect(labels).toContain('⚠ Demolition work');
    expect(labels).toContain('Nettoyage des bureaux et ateliers');
    expect(labels).not.toContain('Travaux de démolition');
  });

  it('keeps the same labels in French for a French reader, and the plan PDF prints the legal French wording even in English', async () => {
    const user = await makeUser(t, { company: company(), roles: ['super_admin'], locale: 'fr' });
    const demolition = await f().workType(user.tenantId, 'Travaux de démolition');
    const plan = await f().plan(user.tenantId, { number: 'REF-FR', start: '2026-03-01', end: '2026-06-30', createdBy: user.id });
    await f().workTypes(user.tenantId, plan, [demolition]);
    const { agent } = await loginAs(t, user);
    const page = html((await agent.get(t.ctx.routes.path('pdp_show', { id: plan }))).text);
    expect(page).toContain('<div>Travaux de démolition');
    expect(page).not.toContain('Demolition work');

    const tEn = printTranslator('en');
    const data = await loadPlanPrint(db(), user.tenantId, plan, tEn);
    const printed = html(await ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'output', 'plan.ejs'), { ...printHelpers(tEn), ...data }, { root: VIEWS_DIR, async: true }));
    expect(printed).toContain('Travaux de démolition');
    expect(printed).not.toContain('Demolition work');
  });

  it('shows the efficiency synthesis values and the activity categories in English, a company\'s own value as typed', async () => {
    const user = await makeUser(t, { company: company(), roles: ['super_admin'], locale: 'en' });
    await db().query("INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, 'OUV', 'Ouvriers'), ($1, 'CAD', 'Cadres'), ($1, 'SAI', 'Saisonniers')", [user.tenantId]);
    const [cat] = await db().query("SELECT id FROM activity_category WHERE tenant_id = $1 AND code = 'OUV'", [user.tenantId]);
    const [emp] = await db().query("INSERT INTO employee (tenant_id, last_name, first_name, activity_category_id) VALUES ($1, 'Roux', 'Léa', $2) RETURNING id", [user.tenantId, cat.id]);
    const { agent } = await loginAs(t, user);

    const efficiency = html((await agent.get('/admin/nomenclatures?kind=efficiency_synthesis')).text);
    expect(efficiency).toContain('Causes removed<div class="small text-muted fw-normal" lang="fr">Wording in documents: Causes supprimées</div>');
    expect(efficiency).toContain('Improvement observed');
    expect(efficiency).toContain('Not renewed');

    const categories = html((await agent.get('/rh/activity-categories')).text);
    expect(categories).toContain('Manual workers<div class="small text-muted fw-normal" lang="fr">Wording in documents: Ouvriers</div>');
    expect(categories).toContain('Managers<div');
    expect(categories).toMatch(/<td>Saisonniers<\/td>/);

    const list = html((await agent.get('/rh/employees')).text);
    expect(list).toMatch(/<td class="small">Manual workers<\/td>/);
    expect(list).toMatch(/<option value="\d+">OUV – Manual workers<\/option>/);
    expect(list).toMatch(/<option value="\d+">SAI – Saisonniers<\/option>/);
    const show = html((await agent.get(`/rh/employees/${emp.id}`)).text);
    expect(show).toContain('OUV – Manual workers');
  });
});
