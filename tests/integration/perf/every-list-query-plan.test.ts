import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../../server/kernel/app';
import { loadConfig } from '../../../server/kernel/config';
import { AfterCommitSubscriber } from '../../../server/kernel/db/after-commit';
import { ENTITY_GLOBS, MIGRATION_GLOBS } from '../../../server/kernel/db/data-source';
import { setHeavyWorkLimits } from '../../../server/kernel/http/heavy-work';
import type { CompiledRoute } from '../../../server/kernel/http/route-table';
import { setToggle, TOGGLES } from '../../../server/kernel/toggles/toggles';
import { MODULES } from '../../../server/modules';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { csrfFrom, makeUser, type TestApp } from '../../support/app';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import type { PlanNode } from '../../support/query-plan';

/**
 * Every page a user opens without naming a record, with its query plans checked: the real app,
 * logged in as a super administrator of a company holding every module's demo data, asks each such
 * page once; every SELECT the page sends is EXPLAINed first on a connection where sequential scans
 * are disabled, so what the planner still scans sequentially, no index can spare it, whatever the
 * size of the table. The test data stays small; the plan is the one a large table would get.
 * A module added later is checked as soon as its routes and its demo data exist.
 *
 * Which pages: the route table's GET routes, not public, whose every path parameter has a default
 * (the URL is built without an id). That is every list (`*_index`, `*_list`, `*_mine`), every
 * dashboard widget, every export, every autocomplete and every creation form (their pickers list
 * the company's rows). Routes with an id read one record and its children by key; the
 * cross-company probe (tests/integration/kernel/tenant-probe.test.ts) asks those.
 *
 * What fails, on the tables that grow with a company's activity ({@link GROWING}):
 * - a Seq Scan;
 * - an index scan without an index condition: the whole index walked, a sequential scan in disguise
 *   (the planner takes it when sequential scans are off and an index merely gives the order, or its
 *   partial predicate holds, but none matches the conditions);
 * - in a list query (ORDER BY … LIMIT), a Sort of such a table's rows under the list's LIMIT: the
 *   page then reads and sorts every matching row to show 25; an index must deliver the order. This
 *   plan is taken a second time with sorts disabled too, so the planner uses any index that can.
 * Sorts of aggregated groups, and sorts inside a per-row subquery (one parent's children), are not
 * list orders and pass.
 */

/** Tables that grow with a company's activity, with why; the others (types, nomenclatures, roles, settings, the organisation's tree) stay small. */
const GROWING: Array<[RegExp, string]> = [
  [/^(action|action_progress_comment)$/, 'actions: every finding, inspection and meeting adds some, for years'],
  [/^event(_finding|_person|_file)?$/, 'events and their findings, people and files: recorded every day'],
  [/^(prevention_plan|plan_(?!work_type$).*)$/, 'prevention plans and their companies, staff, signatures, documents: one plan per job done by an outside company'],
  [/^(work_order|work_order_signature|permit|permit_person|permit_step|permit_signature)$/, 'work orders and permits: several per plan'],
  [/^(security_protocol|ppsps)(_.*)?$/, 'security protocols and PPSPS: one per delivery or site'],
  [/^risk_analysis(?!_template|_seed)(_.*)?$/, 'risk analyses: one per plan or site, with their areas and phases'],
  [/^risk_evaluation(_risk)?$/, 'the unique risk document: every work unit\'s risks, re-evaluated every year and kept (archived) for years'],
  [/^(map_zone|map_snapshot)$/, 'zones drawn for each plan, work order and permit'],
  [/^(questionnaire_response|questionnaire_answer)$/, 'answers to questionnaires, one set per event or permit step'],
  [/^project(_task|_member|_comment|_document|_task_date_change)?$/, 'projects and their tasks, members, comments, documents'],
  [/^(equipment|equipment_maintenance|equipment_part|vgp_controllable|vgp_control|vgp_control_result|vgp_control_signature|vgp_tour|vgp_tour_control)$/, 'equipment and its controls: every lifting gear, extinguisher and rack of every site, a control each period, a result per checkpoint'],
  [/^(waste_voucher|waste)$/, 'waste: a voucher for every collection of every site, for years (the register is kept five years)'],
  [/^lockout_(slip|staff|check|slip_activity)$/, 'lockout slips and their workers, padlocks and checks: one slip each time a machine is stopped for work'],
  [/^(app_user|user_tenant|user_role)$/, "accounts: every employee and outside contact who logs in, and each account's companies and roles"],
  [/^(employee|employee_formation|employee_medical_checkup|work_interruption|paid_leave_request|work_time|training_session|session_employee)$/, 'HR: employees and what happens to them, every day'],
  [/^(tiers|tiers_address|tiers_activity|tiers_domain|contact|contact_company)$/, 'CRM: every supplier and contact ever met'],
  [/^(history_entry|audit_entry|trash_item|stored_file|job|session|login_device|login_throttle|two_factor_code|password_reset_token)$/, 'traces: history, audit, trash, files, jobs and logins grow with every change or request'],
];

function growing(table: string | undefined): boolean {
  return !!table && GROWING.some(([re]) => re.test(table));
}

/**
 * Known findings kept on purpose, each with its reason: `sql` matches the query, `problem` the
 * finding (`Seq Scan app_user`, `full Index Scan app_user (PK_…)`, `Sort over employee`). An
 * exemption that no longer matches anything fails the test, so it leaves with its cause.
 */
const EXEMPT: Array<{ sql: RegExp; problem: RegExp; why: string }> = [
  {
    sql: /ORDER BY CASE CASE WHEN e\.next_medical_checkup_date IS NULL/,
    problem: /^Sort over employee$/,
    why: 'medical checkups list overdue, due soon, up to date, then none: « due soon » depends on each checkup type\'s alert '
      + 'period, so no index holds that order; the sort is over the company\'s employees still present, bounded by its headcount',
  },
  {
    sql: /AND p\.start_date <= \$2::date AND coalesce\(p\.end_date, p\.start_date\) >= \$2::date ORDER BY p\.end_date NULLS LAST/,
    problem: /^Sort over prevention_plan$/,
    why: "the dashboard's plans running today (prevention-plan/plan-indicators.service.ts) are not filtered on their status, "
      + 'so IDX_prevention_plan_open_end cannot order them; they are few, but read from every plan of the company until the query '
      + "says `status <> 'expired'` like the other dashboard lists",
  },
];

/** A query a page sent: its plan with sorts allowed, and with sorts disabled when it has a LIMIT. */
interface Explained { sql: string; plan: PlanNode; noSort?: PlanNode }

/** What one page asked for while it was recorded. */
interface PageRecord { route: string; url: string; status: number; queries: Explained[]; errors: string[] }

let recording: PageRecord | null = null;

/**
 * The pool's client. While a page is recorded, every SELECT is first EXPLAINed with the same
 * parameters (sequential scans off, sorts on; then sorts off too when it has a LIMIT), then run as
 * asked. Callback-style calls (connect-pg-simple reading the session through the pool) pass through.
 */
class ExplainingClient extends Client {
  // pg's overloads cannot be restated one by one; the call is forwarded unchanged.
  override query(config: any, values?: any, callback?: any): any {
    const page = recording;
    const text: unknown = typeof config === 'string' ? config : config?.text;
    if (!page || typeof text !== 'string' || typeof values === 'function' || callback || !/^\s*(SELECT|WITH)\b/i.test(text)) {
      return super.query(config, values, callback);
    }
    const params = Array.isArray(values) ? values : config?.values;
    return (async () => {
      const explain = async (): Promise<PlanNode> => {
        const res = await super.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
        const raw = res.rows[0]['QUERY PLAN'];
        return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
      };
      try {
        // Set before each EXPLAIN: the embedded server ignores the connection's startup options.
        await super.query('SET enable_seqscan = off; SET enable_sort = on');
        const plan = await explain();
        await super.query('SET enable_sort = off');
        page.queries.push({ sql: text, plan, noSort: /\bLIMIT\b/i.test(text) ? await explain() : undefined });
      } catch (err) {
        page.errors.push(`${(err as Error).message} — ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
      }
      return super.query(config, values);
    })();
  }
}

type Node = PlanNode & Record<string, unknown>;

/** Every node of a plan with its ancestors, depth first. */
function* walk(node: Node, path: Node[] = []): Generator<[Node, Node[]]> {
  yield [node, path];
  for (const child of (node.Plans ?? []) as Node[]) yield* walk(child, [...path, node]);
}

/**
 * A whole-index walk that is only the planner's way of looking a row up by primary key on a tiny
 * table: the inner side of a nested loop whose join filter is `alias.id = …`. On a large table the
 * same join reads the primary key; nothing to fix.
 */
function tinyTableLookup(node: Node, path: Node[]): boolean {
  const parent = path[path.length - 1];
  const alias = String(node.Alias ?? node['Relation Name']);
  return node['Parent Relationship'] === 'Inner' && parent?.['Node Type'] === 'Nested Loop'
    && new RegExp(`\\b${alias}\\.id = |= ${alias}\\.id\\b`).test(String(parent['Join Filter'] ?? ''));
}

function fullScan(node: Node, path: Node[]): boolean {
  return /^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond'] && !tinyTableLookup(node, path);
}

const AGGREGATING = new Set(['Aggregate', 'Group', 'WindowAgg', 'SetOp', 'Unique']);
const PASS_THROUGH = new Set(['Result', 'Subquery Scan', 'Gather', 'Gather Merge', 'Materialize']);

/**
 * The Sort that orders a list: directly under a LIMIT of the main query (not inside a per-row
 * subquery or the inner side of a join), through nodes that only pass rows on.
 */
function listSorts(plan: Node): Node[] {
  const sorts: Node[] = [];
  for (const [node, path] of walk(plan)) {
    if (node['Node Type'] !== 'Limit') continue;
    if ([...path, node].some((n) => n['Parent Relationship'] === 'Inner' || n['Parent Relationship'] === 'SubPlan')) continue;
    let below = ((node.Plans ?? []) as Node[])[0];
    while (below && PASS_THROUGH.has(below['Node Type'])) below = ((below.Plans ?? []) as Node[]).find((c) => c['Parent Relationship'] === 'Outer') ?? ((below.Plans ?? []) as Node[])[0];
    if (below?.['Node Type'] === 'Sort') sorts.push(below);
  }
  return sorts;
}

/**
 * The growing tables whose rows a Sort orders: those that feed it, not those looked up per row (the
 * inner side of a nested loop, a per-row subquery, a LATERAL … LIMIT) nor those aggregated first.
 */
function sortedTables(sort: Node): string[] {
  const tables: string[] = [];
  for (const [node, path] of walk(sort)) {
    const table = node['Relation Name'] as string | undefined;
    const below = [...path.slice(1), node];
    const perRow = below.some((n, i) => n['Parent Relationship'] === 'SubPlan' || (n['Parent Relationship'] === 'Inner' && (i === 0 ? sort : below[i - 1])['Node Type'] === 'Nested Loop'));
    if (growing(table) && !perRow && !path.slice(1).some((n) => AGGREGATING.has(n['Node Type']) || n['Node Type'] === 'Limit')) tables.push(table!);
  }
  return [...new Set(tables)];
}

/** What is wrong with a query's plans, as short findings (`Seq Scan action`, …). */
function findings(q: Explained): string[] {
  const out = new Set<string>();
  for (const plan of [q.plan, q.noSort]) {
    if (!plan) continue;
    for (const [node, path] of walk(plan as Node)) {
      const table = node['Relation Name'] as string | undefined;
      if (!growing(table)) continue;
      if (node['Node Type'] === 'Seq Scan') out.add(`Seq Scan ${table}`);
      else if (fullScan(node, path)) out.add(`full ${node['Node Type']} ${table} (${node['Index Name']})`);
    }
  }
  if (q.noSort) for (const sort of listSorts(q.noSort as Node)) for (const table of sortedTables(sort)) out.add(`Sort over ${table}`);
  return [...out];
}

/** The plan as indented text, for the failure message. */
function planText(node: Node, depth = 0): string {
  const keys = ['Relation Name', 'Index Name', 'Index Cond', 'Filter', 'Sort Key', 'Join Filter'].filter((k) => node[k] !== undefined);
  const line = `${'  '.repeat(depth)}${node['Node Type']} ${keys.map((k) => `${k}=${JSON.stringify(node[k])}`).join(' ')}`;
  return [line, ...((node.Plans ?? []) as Node[]).map((c) => planText(c, depth + 1))].join('\n');
}

/** The routes probed: GET, not public, every path parameter with a default. */
function probedRoutes(routes: CompiledRoute[]): CompiledRoute[] {
  return routes.filter((r) => r.methods.includes('GET') && r.right !== 'public' && r.params.every((p) => r.defaults?.[p] !== undefined));
}

let base: TestDatabase;
let ds: DataSource;
let t: TestApp;

beforeAll(async () => {
  base = await openTestDatabase(1);
  await ensureSystemRoles(base.dataSource);
  await base.dataSource.destroy();
  const embedded = base.embedded;
  ds = new DataSource({
    type: 'postgres',
    url: base.url,
    entities: ENTITY_GLOBS,
    migrations: MIGRATION_GLOBS,
    migrationsTableName: 'migrations',
    subscribers: [AfterCommitSubscriber],
    synchronize: false,
    // pglite-socket serves one backend: one connection (tests/support/db.ts).
    poolSize: embedded ? 1 : 4,
    // The pages run with sequential scans and sorts off too. JIT off: the disabled nodes' huge costs
    // would have every query compiled (0.5 s each).
    extra: { max: embedded ? 1 : 4, Client: ExplainingClient, options: '-c enable_seqscan=off -c enable_sort=off -c jit=off' },
  });
  await ds.initialize();
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'test-secret-not-used-elsewhere' };
  const { app, ctx } = createApp({ config, dataSource: ds, modules: MODULES });
  t = { app, ctx, db: { ...base, dataSource: ds }, close: async () => { await ds.destroy(); await base.close(); } };
  // Exports are heavy work: one at a time is what this probe asks anyway, never « busy ».
  setHeavyWorkLimits({ concurrency: Infinity, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('every list query plan', () => {
  it('reads the growing tables through indexes on every page without an id, lists in index order', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const toggle of TOGGLES) if (toggle.code !== 'two_factor') await setToggle(ds, admin.tenantId, toggle.code, true);
    for (const m of MODULES) if (m.demo) await m.demo(ds, admin.tenantId);
    const agent = request.agent(t.app);
    const login = await agent.get('/login');
    const res = await agent.post('/login').type('form').send({ _username: admin.username, _password: admin.password, _csrf_token: csrfFrom(login.text) });
    expect(res.status).toBe(302);

    const pages: PageRecord[] = [];
    for (const route of probedRoutes(t.ctx.routes.all())) {
      const url = t.ctx.routes.path(route.name, {});
      const page: PageRecord = { route: route.name, url, status: 0, queries: [], errors: [] };
      recording = page;
      try { page.status = (await agent.get(url)).status; } finally { recording = null; }
      pages.push(page);
    }

    const used = new Set<number>();
    const problems: string[] = [];
    for (const page of pages) {
      const lines: string[] = [];
      if (page.status >= 500) lines.push(`  answered ${page.status}`);
      for (const e of page.errors) lines.push(`  EXPLAIN failed: ${e}`);
      for (const q of page.queries) {
        const found = findings(q).filter((f) => {
          const i = EXEMPT.findIndex((x) => x.sql.test(q.sql) && x.problem.test(f));
          if (i >= 0) used.add(i);
          return i < 0;
        });
        if (!found.length) continue;
        lines.push(`  ${found.join(', ')}\n    ${q.sql.replace(/\s+/g, ' ').trim()}\n    plan :\n${planText(q.plan as Node, 3)}`);
        if (q.noSort) lines.push(`    plan sans tri :\n${planText(q.noSort as Node, 3)}`);
      }
      if (lines.length) problems.push(`${page.route} (GET ${page.url}, ${page.status}, ${page.queries.length} requêtes)\n${lines.join('\n')}`);
    }
    const stale = EXEMPT.filter((_, i) => !used.has(i)).map((x) => `exemption sans objet, à retirer : ${x.problem} / ${x.sql}`);

    const summary = `${pages.length} pages, ${pages.reduce((s, p) => s + p.queries.length, 0)} requêtes expliquées`;
    if (problems.length || stale.length) console.log(`${summary}\n\n${[...problems, ...stale].join('\n\n')}`);
    expect({ summary, problems, stale }).toEqual({ summary, problems: [], stale: [] });
    // The probe saw the lists: the rule picked them, they answered and sent their queries.
    expect(pages.length).toBeGreaterThan(150);
    expect(pages.filter((p) => p.status === 200 && p.queries.length > 0).length).toBeGreaterThan(150);
  }, 120_000);
});
