/**
 * Fills the benchmark database in SQL (`generate_series`, a few seconds): 20 companies, the
 * first one holding half of everything; 1,000 users; 100,000 actions; 20,000 events; 200,000
 * history rows. Every row points at users and organisation of its own company.
 */
import type { DataSource } from 'typeorm';

/** Sizes of the generated data set. */
export interface Sizes { tenants: number; users: number; actions: number; events: number; history: number }

export const DEFAULT_SIZES: Sizes = { tenants: 20, users: 1000, actions: 100_000, events: 20_000, history: 200_000 };

/**
 * Row `g` goes to the main company when even, otherwise to one of the others: half the data
 * in one company, the rest spread evenly.
 */
const TENANT_OF = (g: string) => `CASE WHEN ${g} % 2 = 0 THEN t.ids[1] ELSE t.ids[2 + (${g} / 2) % (array_length(t.ids, 1) - 1)] END`;

/** Generates the data set for the main company `mainTenant` (already created with its admin). */
export async function generate(db: DataSource, mainTenant: number, passwordHash: string, sizes: Sizes = DEFAULT_SIZES): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await db.query(sql, params);
    timings[label] = Date.now() - started;
  };
  await step('companies', `INSERT INTO tenant (name) SELECT 'Société de mesure ' || lpad(g::text, 2, '0') FROM generate_series(2, $1) g`, [sizes.tenants]);
  await db.query(`CREATE TEMP TABLE bench_tenants AS SELECT array_agg(id ORDER BY id = $1 DESC, id) AS ids FROM tenant`, [mainTenant]);
  await step('organisation', `
    WITH types AS (INSERT INTO hierarchy_type (tenant_id, name, level, attach_action) SELECT id, 'Site', 1, true FROM tenant RETURNING id, tenant_id)
    INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT types.tenant_id, 'Site ' || g, types.id FROM types, generate_series(1, 10) g`);
  await step('services', `INSERT INTO service (tenant_id, name) SELECT id, 'Service ' || g FROM tenant, generate_series(1, 5) g`);
  await step('users', `
    INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name)
    SELECT ${TENANT_OF('g')}, 'bench' || g, 'bench' || g || '@example.fr', $2,
           (ARRAY['Camille','Julien','Sophie','Karim','Léa','Thomas','Inès','Nicolas'])[1 + g % 8],
           (ARRAY['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand'])[1 + (g / 8) % 8] || ' ' || g
      FROM bench_tenants t, generate_series(1, $1) g`, [sizes.users, passwordHash]);
  await db.query(`INSERT INTO user_tenant (user_id, tenant_id) SELECT id, tenant_id FROM app_user ON CONFLICT DO NOTHING`);
  // Per-company numbered lists, so a generated row can pick "the n-th user of its company".
  await db.query(`CREATE TEMP TABLE bench_users AS SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) - 1 AS rn, count(*) OVER (PARTITION BY tenant_id) AS n FROM app_user`);
  await db.query(`CREATE TEMP TABLE bench_items AS SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) - 1 AS rn FROM hierarchy_item`);
  await db.query(`CREATE TEMP TABLE bench_services AS SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) - 1 AS rn FROM service`);
  await db.query('CREATE INDEX ON bench_users (tenant_id, rn); CREATE INDEX ON bench_items (tenant_id, rn); CREATE INDEX ON bench_services (tenant_id, rn)');
  await step('actions', `
    INSERT INTO action (tenant_id, status, comments, level, creator_id, assignee_id, deadline, hierarchy_item_id, service_id, source_type, created_at, updated_at)
    SELECT x.tenant_id,
           (ARRAY['DRAFT','WAITING','REASSIGNED','IN_PROGRESS','IN_PROGRESS','IN_PROGRESS','PROCESSED','CLOSED','CLOSED','ABANDONED'])[1 + x.g % 10],
           (ARRAY['Remplacer le carter de protection de la presse','Former l''équipe au port du harnais','Baliser la zone de chargement','Vérifier les extincteurs du bâtiment','Réparer l''éclairage de l''allée']) [1 + x.g % 5] || ' n°' || x.g,
           (ARRAY['normal','normal','high','urgent'])[1 + x.g % 4],
           c.id, a.id, DATE '2026-01-01' + (x.g % 540), i.id, s.id,
           (ARRAY[NULL, 'event', NULL, 'risk_evaluation'])[1 + x.g % 4],
           now() - (x.g % 700) * interval '1 day', now()
      FROM (SELECT g, ${TENANT_OF('g')} AS tenant_id FROM bench_tenants t, generate_series(1, $1) g) x
      JOIN bench_users c ON c.tenant_id = x.tenant_id AND c.rn = (x.g * 7) % c.n
      JOIN bench_users a ON a.tenant_id = x.tenant_id AND a.rn = (x.g * 13) % a.n
      JOIN bench_items i ON i.tenant_id = x.tenant_id AND i.rn = x.g % 10
      JOIN bench_services s ON s.tenant_id = x.tenant_id AND s.rn = x.g % 5`, [sizes.actions]);
  const [event] = await db.query(`SELECT to_regclass('event') AS t`);
  if (event.t) {
    await step('events', `
      INSERT INTO event (tenant_id, kind, status, subject, event_date, creator_id, supervisor_id, hierarchy_item_id, service_id, created_at, updated_at)
      SELECT x.tenant_id, (ARRAY['generic','at','qhp','rex','vms','audit'])[1 + x.g % 6], (ARRAY['DRAFT','IN_PROGRESS','WAITING_SUPERVISOR','CLOSED'])[1 + x.g % 4],
             'Événement de mesure n°' || x.g, DATE '2026-01-01' + (x.g % 320), c.id, c.id, i.id, s.id, now(), now()
        FROM (SELECT g, ${TENANT_OF('g')} AS tenant_id FROM bench_tenants t, generate_series(1, $1) g) x
        JOIN bench_users c ON c.tenant_id = x.tenant_id AND c.rn = (x.g * 7) % c.n
        JOIN bench_items i ON i.tenant_id = x.tenant_id AND i.rn = x.g % 10
        JOIN bench_services s ON s.tenant_id = x.tenant_id AND s.rn = x.g % 5`, [sizes.events]);
  }
  await step('history', `
    INSERT INTO history_entry (tenant_id, subject_type, subject_id, workflow, transition, from_state, to_state, user_id, created_at)
    SELECT a.tenant_id, 'action', a.id, 'action', 'take_into_account', 'WAITING', 'IN_PROGRESS', a.creator_id, a.created_at + interval '1 day'
      FROM generate_series(1, $1) g JOIN action a ON a.id = (SELECT min(id) FROM action) + (g - 1) % $2`, [sizes.history, sizes.actions]);
  await db.query('ANALYZE');
  return timings;
}
