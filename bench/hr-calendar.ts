/**
 * Shared calendar and HR statistics at a realistic size: one company of 300 employees linked to
 * users, a year of leave, ~600 work interruptions, a year of work time, 20 projects and 20,000
 * tasks; then ~100 successive requests per case against the real application
 * (`server/main.ts`, `NODE_ENV=production`), logged in as a super-administrator (every right).
 * Not part of `npm test`. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:hr`
 * (the `vigie_bench_hr` database is recreated, then dropped at the end unless `BENCH_KEEP=1`).
 */
import autocannon from 'autocannon';
import http from 'node:http';
import { Client } from 'pg';
import { hashPassword } from '../server/kernel/auth/password';
import { todayIso } from '../server/kernel/clock';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { createUser } from '../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../server/modules/identity/roles';
import { benchResult, freshDatabase, loginCookie, rssMb, startApp } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PASSWORD = 'Banc-de-mesure-2026';
const SIZES = { employees: 300, projects: 20, members: 10, tasks: 20_000, interruptions: 600 };

function get(port: number, urlPath: string, headers: Record<string, string>): Promise<{ ms: number; status: number; body: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http.get({ port, path: urlPath, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `YYYY-MM-DD` plus `days`. */
function shift(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Fills the company `tenant` in SQL; returns the duration of each step (ms). */
async function generate(db: Client, tenant: number, hash: string, year: number): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await db.query(sql, params);
    timings[label] = Date.now() - started;
  };
  const y0 = `${year}-01-01`;
  await step('organisation', `
    WITH ty AS (INSERT INTO hierarchy_type (tenant_id, name, level, attach_action) VALUES ($1, 'Site', 1, true) RETURNING id)
    INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT $1, 'Site ' || g, ty.id FROM ty, generate_series(1, 10) g`, [tenant]);
  await db.query(`INSERT INTO service (tenant_id, name) SELECT $1, 'Service ' || g FROM generate_series(1, 8) g`, [tenant]);
  await db.query(`INSERT INTO accident_type (tenant_id, name) SELECT $1, unnest(ARRAY['Chute de hauteur','Chute de plain-pied','Manutention','Outil à main','Machine','Circulation'])`, [tenant]);
  await step('utilisateurs', `
    INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name)
    SELECT $1, 'rh' || g, 'rh' || g || '@example.fr', $2,
           (ARRAY['Camille','Julien','Sophie','Karim','Léa','Thomas','Inès','Nicolas'])[1 + g % 8],
           (ARRAY['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand'])[1 + (g / 8) % 8] || ' ' || g
      FROM generate_series(1, $3) g`, [tenant, hash, SIZES.employees]);
  await db.query(`INSERT INTO user_tenant (user_id, tenant_id) SELECT id, tenant_id FROM app_user WHERE tenant_id = $1 ON CONFLICT DO NOTHING`, [tenant]);
  await db.query(`CREATE TEMP TABLE bu AS SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM app_user WHERE tenant_id = $1 AND username LIKE 'rh%'`, [tenant]);
  await db.query(`CREATE TEMP TABLE bs AS SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM service WHERE tenant_id = $1`, [tenant]);
  await db.query(`CREATE TEMP TABLE bh AS SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM hierarchy_item WHERE tenant_id = $1`, [tenant]);
  await step('salariés', `
    INSERT INTO employee (tenant_id, matricule, last_name, first_name, email, entry_date, exit_date, position, contract, service_id, hierarchy_item_id, user_id, paid_leave_reset_date)
    SELECT $1, 'M' || lpad(u.rn::text, 5, '0'), split_part(a.last_name, ' ', 1) || ' ' || u.rn, a.first_name, a.email,
           DATE '2015-01-01' + (u.rn * 37) % 3800, CASE WHEN u.rn % 40 = 0 THEN $2::date + 200 END,
           (ARRAY['Opérateur','Technicien','Chef d''équipe','Magasinier','Assistant'])[1 + u.rn % 5],
           (ARRAY['cdi','cdi','cdi','cdd','interim'])[1 + u.rn % 5], s.id, h.id, u.id, $2::date
      FROM bu u JOIN app_user a ON a.id = u.id JOIN bs s ON s.rn = u.rn % 8 JOIN bh h ON h.rn = u.rn % 10`, [tenant, y0]);
  await db.query(`CREATE TEMP TABLE be AS SELECT e.id, u.rn FROM employee e JOIN bu u ON u.id = e.user_id`);
  // ~10 requests per employee over the year (1 to 10 days each), 85 % approved.
  await step('congés', `
    INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state, requested_by_id, decided_at)
    SELECT $1, e.id, (ARRAY['paid_leave','paid_leave','paid_leave','rtt','rest_time','unpaid','other'])[1 + (e.rn + k) % 7],
           $2::date + (k * 36 + e.rn % 30), $2::date + (k * 36 + e.rn % 30) + (e.rn + k) % 10,
           CASE WHEN (e.rn * 7 + k) % 20 < 17 THEN 'approved' WHEN (e.rn * 7 + k) % 20 < 19 THEN 'requested' ELSE 'refused' END,
           u.id, CASE WHEN (e.rn * 7 + k) % 20 < 17 OR (e.rn * 7 + k) % 20 = 19 THEN now() END
      FROM be e JOIN bu u ON u.rn = e.rn, generate_series(0, 9) k`, [tenant, y0]);
  // A third of work accidents (two thirds of them with lost time), the rest other interruptions; a few still open.
  await step('arrêts', `
    INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date, interruption_start_date, interruption_end_date, severity, accident_type_id, comment)
    SELECT $1, e.id, x.type,
           CASE WHEN x.type = 'WORK_ACCIDENT' THEN x.d END,
           CASE WHEN x.type <> 'WORK_ACCIDENT' OR g % 3 <> 0 THEN x.d + 1 END,
           CASE WHEN x.type <> 'WORK_ACCIDENT' OR g % 3 <> 0 THEN CASE WHEN g % 50 = 0 THEN NULL ELSE x.d + 1 + g % 21 END END,
           CASE WHEN x.type = 'WORK_ACCIDENT' THEN (ARRAY['minor','moderate','serious','very_serious'])[1 + g % 4] END,
           CASE WHEN x.type = 'WORK_ACCIDENT' THEN t.id END, 'Arrêt de mesure n°' || g
      FROM generate_series(1, $3) g
      CROSS JOIN LATERAL (SELECT (ARRAY['WORK_ACCIDENT','SICK_LEAVE','WORK_ACCIDENT','SICK_LEAVE','COMMUTING_ACCIDENT','WORK_ACCIDENT','UNAVAILABILITY','OTHER','SICK_LEAVE'])[1 + g % 9] AS type,
                                     LEAST($2::date + (g * 7919) % 365, CURRENT_DATE) AS d) x
      JOIN be e ON e.rn = (g * 31) % ${SIZES.employees}
      JOIN (SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM accident_type WHERE tenant_id = $1) t ON t.rn = g % 6`, [tenant, y0, SIZES.interruptions]);
  // 7 to 8 h per working day, up to today, for the statistics (TF / TG).
  await step('temps de travail', `
    INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime)
    SELECT $1, e.id, d::date, 7 + (e.rn % 3) * 0.5, CASE WHEN (e.rn + extract(doy FROM d)::int) % 10 = 0 THEN 1 ELSE 0 END
      FROM be e, generate_series($2::date, CURRENT_DATE, interval '1 day') d WHERE extract(isodow FROM d) < 6`, [tenant, y0]);
  await step('formations', `
    WITH th AS (INSERT INTO formation_theme (tenant_id, name) SELECT $1, unnest(ARRAY['Sécurité','Habilitations']) RETURNING id),
         f AS (INSERT INTO formation (tenant_id, name, theme_id, validity_months, permanent)
               SELECT $1, (ARRAY['SST','CACES 1','CACES 3','Habilitation électrique B0','Travail en hauteur','Incendie','Gestes et postures','Accueil sécurité'])[g],
                      (SELECT id FROM th ORDER BY id LIMIT 1 OFFSET g % 2), CASE WHEN g = 8 THEN NULL ELSE 12 * (1 + g % 4) END, g = 8
                 FROM generate_series(1, 8) g RETURNING id),
         fr AS (SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM f)
    INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on)
    SELECT $1, e.id, fr.id, $2::date - (e.rn * 13 + k * 17 + r * 400) % 1500, NULL
      FROM be e CROSS JOIN generate_series(0, 3) k CROSS JOIN generate_series(0, 1) r JOIN fr ON fr.rn = (e.rn + k * 2) % 8`, [tenant, y0]);
  await db.query(`UPDATE employee_formation ef SET expires_on = ef.obtained_on + (f.validity_months || ' months')::interval
                    FROM formation f WHERE f.id = ef.formation_id AND NOT f.permanent AND ef.tenant_id = $1`, [tenant]);
  await step('projets', `
    INSERT INTO project (tenant_id, label, description, expected_start_date, expected_end_date, state, service_id, created_by_id)
    SELECT $1, 'Projet de mesure ' || lpad(g::text, 2, '0'), 'Projet généré pour la mesure', $2::date, $2::date + 364,
           (ARRAY['in_progress','in_progress','unstarted','late'])[1 + g % 4], s.id, u.id
      FROM generate_series(0, $3 - 1) g JOIN bs s ON s.rn = g % 8 JOIN bu u ON u.rn = g * 15`, [tenant, y0, SIZES.projects]);
  await db.query(`CREATE TEMP TABLE bp AS SELECT id, (row_number() OVER (ORDER BY id))::int - 1 AS rn FROM project WHERE tenant_id = $1`, [tenant]);
  // Project p has the users (p * 15 + k) % 300, k < 10; the first one manages it.
  await db.query(`
    INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager, manages_project, function)
    SELECT $1, p.id, u.id, k = 0, k = 0, CASE WHEN k = 0 THEN 'Chef de projet' ELSE 'Contributeur' END
      FROM bp p CROSS JOIN generate_series(0, $2 - 1) k JOIN bu u ON u.rn = (p.rn * 15 + k) % ${SIZES.employees}`, [tenant, SIZES.members]);
  // Tasks spread over the year (~55 start each day), 1 h to 3 days, assigned to a member of their project; 1 in 20 without project.
  await step('tâches', `
    INSERT INTO project_task (tenant_id, project_id, label, start_at, end_at, progress, state, assignee_id, created_by_id)
    SELECT $1, CASE WHEN g % 20 = 19 THEN NULL ELSE p.id END, 'Tâche de mesure n°' || g, x.s,
           x.s + CASE WHEN g % 4 = 0 THEN interval '1 day' * (1 + g % 3) ELSE interval '1 hour' * (1 + g % 8) END,
           (g * 10) % 101, (ARRAY['todo','in_progress','done'])[1 + g % 3], u.id, u.id
      FROM generate_series(0, $3 - 1) g
      CROSS JOIN LATERAL (SELECT ($2::date + (g * 7) % 365 + time '08:00' + interval '1 hour' * (g % 6)) AT TIME ZONE 'Europe/Paris' AS s) x
      JOIN bp p ON p.rn = g % $4
      JOIN bu u ON u.rn = (p.rn * 15 + (g / $4) % $5) % ${SIZES.employees}`, [tenant, y0, SIZES.tasks, SIZES.projects, SIZES.members]);
  await db.query('ANALYZE');
  return timings;
}

/** What an answer holds: items of the calendar, total of a widget, else nothing. */
function content(body: string): string {
  const cards = [...body.matchAll(/data-testid="home-card-count">(\d+)</g)].map((m) => m[1]);
  if (cards.length) return `cartes : ${cards.join(', ')}`;
  if (body.startsWith('\uFEFF')) return `${body.split('\r\n').filter(Boolean).length - 1} lignes`;
  if (!body.startsWith('{')) return '';
  const data = JSON.parse(body);
  if (Array.isArray(data.tasks)) {
    const periods = data.tasks.filter((t: { isWorkAccident: boolean }) => t.isWorkAccident).length;
    return `${data.tasks.length - periods} tâches, ${periods} absences, ${data.resources.length} ressources`;
  }
  return data.total !== undefined ? `${data.total} accidents` : '';
}

async function main(): Promise<void> {
  const url = await freshDatabase('vigie_bench_hr');
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  const boss = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Banc de mesure RH' });
  await ds.destroy();

  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const db = new Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  const timings = await generate(db, boss.tenantId, await hashPassword(PASSWORD), year);
  const counts = (await db.query(`SELECT
      (SELECT count(*) FROM employee WHERE tenant_id = $1)::int AS employees,
      (SELECT count(*) FROM paid_leave_request WHERE tenant_id = $1 AND state = 'approved')::int AS approved_leave,
      (SELECT count(*) FROM work_interruption WHERE tenant_id = $1)::int AS interruptions,
      (SELECT count(*) FROM work_interruption WHERE tenant_id = $1 AND type = 'WORK_ACCIDENT')::int AS work_accidents,
      (SELECT count(*) FROM work_time WHERE tenant_id = $1)::int AS work_time,
      (SELECT count(*) FROM employee_formation WHERE tenant_id = $1)::int AS formation_records,
      (SELECT count(*) FROM project WHERE tenant_id = $1)::int AS projects,
      (SELECT count(*) FROM project_member WHERE tenant_id = $1)::int AS members,
      (SELECT count(*) FROM project_task WHERE tenant_id = $1)::int AS tasks`, [boss.tenantId])).rows[0];
  console.log(`Données générées en ${((Date.now() - started) / 1000).toFixed(1)} s :`, counts, timings);
  const five = (await db.query(`SELECT id FROM app_user WHERE tenant_id = $1 AND username LIKE 'rh%' ORDER BY id LIMIT 5`, [boss.tenantId])).rows.map((r) => r.id);
  await db.end();

  const port = 3800 + Math.floor(Math.random() * 100);
  const env = { DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${port}`, PORT: String(port) };
  const app = await startApp(env);
  try {
    const proto = { 'x-forwarded-proto': 'https' };
    const cookie = await loginCookie(port, 'bench.admin', PASSWORD, proto);
    const headers = { ...proto, cookie };
    // The ranges the calendar island asks for (islands/calendar/calendar-model.ts fetchRange):
    // week views: the day -7 to +8 days; month view: the 1st -7 days to the next 1st +7 days.
    const wall = (day: string) => encodeURIComponent(`${day} 00:00`);
    const first = `${today.slice(0, 7)}-01`;
    const nextFirst = shift(first, 32).slice(0, 7) + '-01';
    const week = `start=${wall(shift(today, -7))}&end=${wall(shift(today, 8))}`;
    const month = `start=${wall(shift(first, -7))}&end=${wall(shift(nextFirst, 7))}`;
    const cases: Array<[string, string]> = [
      ['calendrier, semaine de travail', `/calendar/tasks?${week}`],
      ['calendrier, mois', `/calendar/tasks?${month}`],
      ['calendrier, semaine, 5 ressources', `/calendar/tasks?${week}&resources=${five.join(',')}`],
      [`statistiques RH ${year}`, `/rh/statistics?year=${year}`],
      ['widget AT mensuel', `/dashboard/hr/work-accidents/monthly?year=${year}`],
      ['salariés, page 1', '/rh/employees'],
      ['suivi des formations, page 1', '/rh/formation-monitoring'],
      ['accueil (cinq cartes « À traiter »)', '/'],
      ['export CSV des salariés', '/rh/employees/export.csv?presence=all'],
    ];
    console.log(`${REQUESTS} requêtes successives par cas (après 5 de chauffe) :`);
    console.log('| cas | p50 | p95 | max | réponse | contenu |\n|---|---|---|---|---|---|');
    for (const [label, urlPath] of cases) {
      const probe = await get(port, urlPath, headers);
      if (probe.status !== 200) throw new Error(`${urlPath} -> ${probe.status}`);
      for (let i = 0; i < 4; i++) await get(port, urlPath, headers);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const r = await get(port, urlPath, headers);
        if (r.status !== 200) throw new Error(`${urlPath} -> ${r.status}`);
        times.push(r.ms);
      }
      const fr = (ms: number) => `${ms.toFixed(1).replace('.', ',')} ms`;
      if (label === 'calendrier, mois') {
        benchResult('calendar_month', { p50: percentile(times, 50), p95: percentile(times, 95), kb: Buffer.byteLength(probe.body) / 1024 });
      }
      console.log(`| ${label} | ${fr(percentile(times, 50))} | ${fr(percentile(times, 95))} | ${fr(Math.max(...times))} | ${(Buffer.byteLength(probe.body) / 1024).toFixed(Buffer.byteLength(probe.body) < 10_240 ? 1 : 0).replace('.', ',')} Ko | ${content(probe.body)} |`);
    }
    // The month's JSON under 16 connections: what the process holds at its peak.
    let peak = rssMb(app.pid!);
    const sampler = setInterval(() => { peak = Math.max(peak, rssMb(app.pid!)); }, 100);
    const loaded = await autocannon({ url: `http://127.0.0.1:${port}/calendar/tasks?${month}`, connections: 16, duration: Number(process.env.BENCH_SECONDS ?? 10), headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    clearInterval(sampler);
    console.log(`calendrier, mois, 16 connexions : ${loaded.requests.average.toFixed(0)} req/s, p99 ${loaded.latency.p99} ms, mémoire au plus ${peak.toFixed(0)} Mo`);
    benchResult('calendar_month_load', { rps: loaded.requests.average, p99: loaded.latency.p99, peakRssMb: peak, errors: loaded.non2xx + loaded.errors });
  } finally {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGINT');
    await exited;
  }
  if (process.env.BENCH_KEEP) {
    console.log(`Base conservée pour EXPLAIN : ${url}`);
  } else {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS vigie_bench_hr WITH (FORCE)');
    await admin.end();
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
