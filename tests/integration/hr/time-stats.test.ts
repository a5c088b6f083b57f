import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { textBody } from '../../support/text-body';

/**
 * One company, figures computed by hand. Today is Monday 23/11/2026; annual hours = 1607 (default).
 *
 * Employees: Arnaud (Atelier), Bruno (Logistique), Chloé (Atelier) all year; Denis left on
 * 31/03/2026; Emma entered on 01/07/2026. Headcount: January–March 4, April–June 3, July–November 4.
 *
 * Work accidents (type WORK_ACCIDENT):
 *  #0 Chloé 20/12/2025, stopped 20/12/2025–05/01/2026  → 5 days in January 2026 (not an accident of 2026)
 *  #1 Arnaud 10/02/2026 "Chute de plain-pied", stopped 11/02–20/02 → 10 days (analysis: injury sites Main droite + Dos)
 *  #2 Bruno 30/03/2026 "Manutention", stopped 30/03–03/04 → 2 days in March, 3 in April
 *  #3 Arnaud 05/05/2026 "Manutention", no stoppage
 *  #4 Chloé 16/11/2026, no type, stoppage open since 16/11 → runs to today: 16–23/11 = 8 days
 * Ignored: a sick leave of Arnaud in March, a work accident in the trash.
 * Work time: only in October, 7 h + 1 h overtime (Arnaud, 01/10) and 8 h (Bruno, 02/10) = 16 h.
 *
 * Hours: k = 1607 / 365 = 4.402739726 h per employee-day.
 *  January  = k × 4 × 31 = 545.94 h → TF = 1 lost-time accident (#0) × 10^6 / 545.94 = 1831.70; TG = 5 × 1000 / 545.94 = 9.16
 *  March    = 545.94 h → TF = 1 (#2) × 10^6 / 545.94 = 1831.70; TG = 2 × 1000 / 545.94 = 3.66
 *  April    = k × 3 × 30 = 396.25 h → TF = 1 (#2 again: it still has days in April) → 2523.68; TG = 3000 / 396.25 = 7.57
 *  October  = 16 h recorded → TF = 0, TG = 0
 *  November (1–23) = k × 4 × 23 = 405.05 h → TF = 1 (#4) → 2468.82; TG = 8000 / 405.05 = 19.75
 *  Cumulated to March: k × 4 × 90 = 1584.99 h; 3 lost-time accidents (#0 #1 #2), 5 + 10 + 2 = 17 days
 *    → TF = 3 × 10^6 / 1584.99 = 1892.76; TG = 17000 / 1584.99 = 10.73
 *  Cumulated to 23/11: estimated k × (4×90 + 3×91 + 4×92 + 4×23 = 1093) = 4812.19 h + 16 h (October) = 4828.19 h;
 *    4 lost-time accidents (#0 #1 #2 #4), 5 + 10 + 5 + 8 = 28 days → TF = 4 × 10^6 / 4828.19 = 828.47; TG = 28000 / 4828.19 = 5.80
 */
let t: TestApp;
let restore: () => void;
let company: { tenantId: number; services: Record<string, number>; employees: Record<string, number> };
let analyst: { username: string; password: string; id: number; tenantId: number };

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const one = async (sql: string, params: unknown[]) => (await q(sql, params))[0].id as number;

beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
  const name = `Société stats ${Math.random().toString(36).slice(2)}`;
  analyst = await makeUser(t, { company: name, roles: ['user'], rights: ['hr.work_stoppages', 'hr.view_all'] });
  const tenantId = analyst.tenantId;
  const services = {
    atelier: await one('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Atelier']),
    logistique: await one('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Logistique']),
  };
  const emp = (first: string, last: string, service: number, entry: string | null, exit: string | null) =>
    one('INSERT INTO employee (tenant_id, first_name, last_name, service_id, entry_date, exit_date) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [tenantId, first, last, service, entry, exit]);
  const employees = {
    arnaud: await emp('Arnaud', 'Petit', services.atelier, null, null),
    bruno: await emp('Bruno', 'Roux', services.logistique, null, null),
    chloe: await emp('Chloé', 'Blanc', services.atelier, '2015-03-01', null),
    denis: await emp('Denis', 'Faure', services.logistique, '2020-01-06', '2026-03-31'),
    emma: await emp('Emma', 'Girard', services.atelier, '2026-07-01', null),
  };
  const types = {
    chute: await one('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Chute de plain-pied']),
    manutention: await one('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Manutention']),
  };
  const site = (label: string) => one(`INSERT INTO nomenclature_item (tenant_id, kind, label, position) VALUES ($1, 'injury_site', $2, 1) RETURNING id`, [tenantId, label]);
  const hand = await site('Main droite');
  const back = await site('Dos');
  const analysis = await one(`INSERT INTO event (tenant_id, kind, subject, injury_site_ids) VALUES ($1, 'at', 'Chute atelier', $2) RETURNING id`, [tenantId, [hand, back]]);
  const wi = (employee: number, type: string, accident: string | null, start: string | null, end: string | null, extra: { typeId?: number; eventId?: number; deleted?: boolean } = {}) =>
    q(`INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date, interruption_start_date, interruption_end_date, accident_type_id, event_id, severity, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'moderate', $9)`,
    [tenantId, employee, type, accident, start, end, extra.typeId ?? null, extra.eventId ?? null, extra.deleted ? new Date() : null]);
  await wi(employees.chloe, 'WORK_ACCIDENT', '2025-12-20', '2025-12-20', '2026-01-05');
  await wi(employees.arnaud, 'WORK_ACCIDENT', '2026-02-10', '2026-02-11', '2026-02-20', { typeId: types.chute, eventId: analysis });
  await wi(employees.bruno, 'WORK_ACCIDENT', '2026-03-30', '2026-03-30', '2026-04-03', { typeId: types.manutention });
  await wi(employees.arnaud, 'WORK_ACCIDENT', '2026-05-05', null, null, { typeId: types.manutention });
  await wi(employees.chloe, 'WORK_ACCIDENT', '2026-11-16', '2026-11-16', null);
  await wi(employees.arnaud, 'SICK_LEAVE', null, '2026-03-02', '2026-03-13');
  await wi(employees.bruno, 'WORK_ACCIDENT', '2026-06-10', '2026-06-10', '2026-06-30', { deleted: true });
  await q('INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime) VALUES ($1, $2, $3, 7, 1), ($1, $4, $5, 8, 0)', [tenantId, employees.arnaud, '2026-10-01', employees.bruno, '2026-10-02']);
  await q(`INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, 'TF', 2026, 900), ($1, 'TG', 2026, 5.5), ($1, 'TF', 2025, 1000)`, [tenantId]);
  company = { tenantId, services, employees };
});
afterAll(async () => { restore(); await t.close(); });

async function widget(agent: Awaited<ReturnType<typeof loginAs>>['agent'], slug: string, year = 2026) {
  const res = await agent.get(`/dashboard/hr/work-accidents/${slug}?year=${year}`);
  expect(res.status).toBe(200);
  return res.body;
}

const pairs = (body: { labels: string[]; series: Array<{ data: number[] }> }) => Object.fromEntries(body.labels.map((l, i) => [l, body.series[0].data[i]]));

describe('TF and TG against hand-computed figures', () => {
  it('gives each month and the cumulated rates on the frequency and gravity widgets', async () => {
    const { agent } = await loginAs(t, analyst);
    const tf = await widget(agent, 'frequency');
    expect(tf.labels).toHaveLength(11); // January to November: December has not begun.
    expect(tf.labels[0]).toBe('janvier');
    const [monthly, cumulated, objective] = tf.series;
    expect(monthly.label).toBe('TF du mois');
    // February: #1 over k × 4 × 28 = 493.11 h → TF = 10^6 / 493.11 = 2027.96. May: #3 had no stoppage → 0.
    expect(monthly.data).toEqual([1831.7, 2027.96, 1831.7, 2523.68, 0, 0, 0, 0, 0, 0, 2468.82]);
    expect(cumulated.data[2]).toBe(1892.76);
    expect(cumulated.data[10]).toBe(828.47);
    expect(objective).toEqual({ label: 'Objectif', data: Array(11).fill(900) });

    const tg = await widget(agent, 'gravity');
    expect(tg.series[0].data[0]).toBe(9.16);
    expect(tg.series[0].data[2]).toBe(3.66);
    expect(tg.series[0].data[3]).toBe(7.57);
    expect(tg.series[0].data[9]).toBe(0); // October: 16 h recorded, no day lost.
    expect(tg.series[0].data[10]).toBe(19.75);
    expect(tg.series[1].data[2]).toBe(10.73);
    expect(tg.series[1].data[10]).toBe(5.8);
    expect(tg.series[2].data[0]).toBe(5.5);
  });

  it('shows the same figures on the statistics page against the objectives', async () => {
    const { agent } = await loginAs(t, analyst);
    const page = await agent.get('/rh/statistics?year=2026');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Objectifs : TF 900,00 – TG 5,50');
    const november = /data-testid="stats-month-11">([\s\S]*?)<\/tr>/.exec(page.text)![1];
    // Accidents 1, with stoppage 1, 8 days lost, 405 h (estimated), TF cumulated 828,47 (under 900: green), TG cumulated 5,80 (over 5,5: red).
    expect(november.replace(/\s+/g, ' ')).toMatch(/<td>novembre<\/td> <td class="text-end">1<\/td><td class="text-end">1<\/td><td class="text-end">8<\/td> <td class="text-end">405 </);
    expect(november).toMatch(/text-success" data-testid="tf-cumulative">828,47</);
    expect(november).toMatch(/text-danger" data-testid="tg-cumulative">5,80</);
    const october = /data-testid="stats-month-10">([\s\S]*?)<\/tr>/.exec(page.text)![1];
    expect(october).toMatch(/<td class="text-end">16<\/td>/);
    // The ten widgets are on the page.
    for (const id of ['frequency', 'gravity', 'info', 'monthly', 'by-service', 'by-hierarchy', 'by-employee', 'by-type', 'by-injury-site', 'raw']) {
      expect(page.text).toContain(`data-testid="widget-wa-${id}"`);
    }
    // A past year shows all twelve months with that year's objective.
    const last = await agent.get('/rh/statistics?year=2025');
    expect(last.text).toContain('data-testid="stats-month-12"');
    expect(last.text).toContain('Objectifs : TF 1\u202f000,00 – TG –');
  });
});

describe('statistics export', () => {
  it('downloads the same hand-computed figures as CSV for French Excel, and refuses users without the right', async () => {
    const { agent } = await loginAs(t, analyst);
    const page = await agent.get('/rh/statistics?year=2026');
    expect(page.text).toContain('href="/rh/statistics/export.csv?year=2026"');
    const res = await agent.get('/rh/statistics/export.csv?year=2026').buffer(true).parse(textBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statistiques-at-2026-2026-11-23.csv"');
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe('\uFEFFMois;Accidents;Avec arrêt;Jours perdus;Heures travaillées;Source des heures;TF du mois;TF cumulé;TG du mois;TG cumulé;Objectif TF;Objectif TG');
    expect(lines).toHaveLength(11 + 2); // January to November, then the empty string after the last CRLF.
    // March: #2 happened on 30/03 and stopped 30–31/03 (2 days), 545.94 estimated hours; cumulated to March TF 1892.76, TG 10.73.
    expect(lines[3]).toBe('mars 2026;1;1;2;545,94;Estimation;1831,70;1892,76;3,66;10,73;900,00;5,50');
    // October: 16 h recorded, no accident.
    expect(lines[10]).toMatch(/^octobre 2026;0;0;0;16,00;Temps de travail saisi;0,00;/);
    expect(lines[11]).toMatch(/^novembre 2026;1;1;8;405,05;Estimation;2468,82;828,47;19,75;5,80;900,00;5,50$/);

    const plain = await makeUser(t, { roles: ['user'] });
    expect((await (await loginAs(t, plain)).agent.get('/rh/statistics/export.csv?year=2026')).status).toBe(403);
  });
});

describe('work-accident widgets', () => {
  it('break the accidents of the year down by service, employee, type, site, injury site and month', async () => {
    const { agent } = await loginAs(t, analyst);
    expect(pairs(await widget(agent, 'by-service'))).toEqual({ Atelier: 3, Logistique: 1 });
    expect(pairs(await widget(agent, 'by-employee'))).toEqual({ 'Arnaud Petit': 2, 'Bruno Roux': 1, 'Chloé Blanc': 1 });
    expect(pairs(await widget(agent, 'by-type'))).toEqual({ Manutention: 2, 'Chute de plain-pied': 1, 'Non renseigné': 1 });
    expect(pairs(await widget(agent, 'by-hierarchy'))).toEqual({ 'Non renseigné': 4 });
    expect(pairs(await widget(agent, 'by-injury-site'))).toEqual({ Dos: 1, 'Main droite': 1, 'Non renseigné': 3 });
    const monthly = await widget(agent, 'monthly');
    expect(monthly.series[0].data).toEqual([0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0]);
    expect(monthly.series[1].data).toEqual([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(monthly.total).toBe(4);
  });

  it('gives the key figures and the raw data', async () => {
    const { agent } = await loginAs(t, analyst);
    const info = await widget(agent, 'info');
    // 4 accidents in 2026, 3 with a stoppage, 5 + 10 + 5 + 8 = 28 days lost in 2026, last accident 16/11 → 7 days ago.
    expect(info.rows).toEqual([['Accidents du travail', 4], ['Accidents avec arrêt', 3], ['Jours perdus', 28], ['Jours depuis le dernier accident', 7]]);
    const raw = await widget(agent, 'raw');
    expect(raw.total).toBe(4);
    expect(raw.rows[2]).toEqual(['05/05/2026', 'Arnaud Petit', 'Atelier', 'Manutention', 'Modéré', null, null, 0]);
    expect(raw.rows[3]).toEqual(['16/11/2026', 'Chloé Blanc', 'Atelier', null, 'Modéré', '16/11/2026', null, 8]);
    expect(raw.links[3]).toMatch(/^\/rh\/work-interruptions\/\d+$/);
    const before = await widget(agent, 'info', 2024);
    expect(before.rows[0]).toEqual(['Accidents du travail', 0]);
  });

  it('counts only the employees the user sees, and refuses users without the right', async () => {
    const name = (await q('SELECT name FROM tenant WHERE id = $1', [company.tenantId]))[0].name;
    const head = await makeUser(t, { company: name, roles: ['user'], rights: ['hr.work_stoppages'] });
    await q('INSERT INTO user_service (user_id, service_id, tenant_id) VALUES ($1, $2, $3)', [head.id, company.services.logistique, company.tenantId]);
    const { agent } = await loginAs(t, head);
    expect(pairs(await widget(agent, 'by-employee'))).toEqual({ 'Bruno Roux': 1 });
    const plain = await makeUser(t, { company: name, roles: ['user'] });
    const p = await loginAs(t, plain);
    expect((await p.agent.get('/dashboard/hr/work-accidents/info')).status).toBe(403);
    expect((await p.agent.get('/rh/statistics')).status).toBe(403);
    // Another company sees none of these accidents.
    const stranger = await makeUser(t, { rights: ['hr.work_stoppages', 'hr.view_all'] });
    const s = await loginAs(t, stranger);
    expect((await s.agent.get('/dashboard/hr/work-accidents/raw?year=2026')).body.rows).toEqual([]);
  });
});
