import { ALL_RIGHT_NAMES } from '../../../server/kernel/rights/catalogue';
import { setHeavyWorkLimits } from '../../../server/kernel/http/heavy-work';
import { defaultRequirement, type CompiledRoute, type HttpMethod } from '../../../server/kernel/http/route-table';
import { registeredFileReferences } from '../../../server/kernel/storage/file-references';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { MODULES } from '../../../server/modules';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';
import { Catalogue, copyRow, insertRow, rowOffsets, type Owner, type Value } from '../../support/tenant-rows';

/**
 * Cross-company probe, generated from the route table: a super administrator of company A tries
 * every route with a record id on company B's rows. Each answer must be a refusal, and company B's
 * data must be unchanged afterwards. A module added later is probed as soon as its routes exist.
 *
 * The rows. Every sequence of the schema is moved to OWN_BASE before company A is made and to
 * FOREIGN_BASE before company B is; both get the same demo data, then the same probe rows
 * (probeRows: a row in every table the demo leaves empty, a row of every kind routes tell apart,
 * files on file columns), in the same order. So A's row at OWN_BASE + n and B's at FOREIGN_BASE + n
 * are the same row of the same table, whatever the table. Checked for every table a route id can
 * name: both companies have a row at offset 1, and B's offsets are exactly A's. A route whose
 * control answered on A's row at OWN_BASE + n thus meets, at FOREIGN_BASE + n, B's row of the same
 * table and the same kind: a 404 there is the tenant check's, not an empty table's.
 *
 * The requests, linear in the number of routes. Each GET route is first asked on A's own rows
 * (calls(): offset after offset, its record parameters at the same offset, or the first there and
 * the others at 1; each allowed word of its other parameters) until it answers: its control, which
 * must answer unless the route is in CONTROL_EXCEPTIONS. The route is then probed, every method,
 * on B's rows at that call: one request per record parameter (that one B's, the others A's) and,
 * with several, one with all of them B's. So a signed plan's page meets B's signed plan, a dust
 * permit's page B's dust permit. A route without GET takes, parameter by parameter, the offset of
 * the GET routes sharing its path up to that parameter. Each route's cost is printed.
 */

const OWN_BASE = 500_000;
const FOREIGN_BASE = 1_000_000;
/** How many of A's rows a GET route is tried on before its control counts as failed. */
const OFFSETS = 8;

/** Parameters that are not record ids (nor a list of words, tried each), and the value the probe gives them. */
const PARAM_VALUES: Record<string, string> = {
  restricted: '0', roleAttribute: 'x', transition: 'x', slot: 'start_ordering_customer',
};

/**
 * GET routes whose control answers on none of the calls tried, and why. Each is still asked once
 * (its first call): one that answers must leave this list.
 */
const CONTROL_EXCEPTIONS: Record<string, string> = {
  // A plan waiting for signatures (offset 3) and one of its required companies (offsets 9 to 11): no
  // call of the search pairs them. Its POST is probed all the same, on B's plan 1 and company 1.
  pdp_company_sign: 'a plan waiting for signatures and one of its companies',
  // A PAPRIPACT line is an action whose source is an evaluation: the demo's come after the action
  // plan's, beyond the offsets tried. Its tenant refusal is tested in
  // tests/integration/risk-evaluation/papripact/ (a company of 60 employees meets another's action: 404).
  risk_evaluation_papripact_line_edit: 'an action of an evaluation, in a company of 50 employees or more',
  // A padlock's form opens only on a consigned slip or one at the end of works, for one of that slip's
  // workers: no call pairs the demo's such slip with its own worker. Its POST is probed all the same.
  consignment_padlock: 'a consigned slip and one of its workers',
};

/** Tables whose rows no route names by id: the log and the job queue, written by the app itself. */
const NOT_ROUTED = new Set(['audit_entry', 'job']);

/**
 * Rows the catalogue cannot make alone (tests/support/tenant-rows.ts fills the rest): per table,
 * the values of its probe rows. A table the demo leaves empty gets one row, made with these values.
 */
const ROW_VALUES: Record<string, Record<string, Value>> = {
  // A token hash is unique across companies.
  plan_sign_link: { token_hash: (o: Owner) => `sonde-${o.tenantId}`, expires_at: new Date(Date.now() + 86_400_000) },
  plan_document_link: { token_hash: (o: Owner) => `sonde-${o.tenantId}`, expires_at: new Date(Date.now() + 86_400_000) },
  // An entry of the trash names its record: unique across companies too.
  trash_item: { subject_id: (o: Owner) => o.firstId },
};

/**
 * Kinds of rows routes tell apart (a dust permit's routes answer only on dust permits): for each
 * value of the column (its CHECK's, or `values`) the company has no row of, a copy of its first
 * row with that value, and with `children` of the first row of each table that needs it.
 */
const KINDS: Array<{ table: string; column: string; values?: string[]; also?: (v: string) => Record<string, Value>; children?: boolean }> = [
  { table: 'permit', column: 'type', also: (v) => ({ number: `SONDE-${v}` }) },
  { table: 'user_import', column: 'kind', values: ['user', 'employee'] },
  // The analyses of a security protocol and of a PPSPS, with an area, a phase, an interference, another risk.
  { table: 'risk_analysis', column: 'subject_type', children: true },
  // A company's and a contact's documents (the CRM's), with their file.
  { table: 'plan_document', column: 'owner_kind', children: true },
];

/** Other copies of a company's first row that some routes need. */
const COPIES: Array<{ table: string; values: Record<string, Value> }> = [
  // A sector of a site (the demo's are items').
  { table: 'sector', values: { item_id: null, site_id: (o: Owner) => o.firstId } },
  // A protocol and a PPSPS waiting for their signed scan.
  { table: 'security_protocol', values: { status: 'waiting_manual', pds_number: 'SONDE' } },
  { table: 'ppsps', values: { status: 'waiting_manual', number: 'SONDE' } },
  // A consequence level without quotes yet (the demo quotes every pair): its quotes can be added.
  { table: 'quote_consequence', values: { label: 'Sonde' } },
  // A file given as an answer to a questionnaire.
  { table: 'questionnaire_response', values: { question_id: (o: Owner) => o.firstId, value: (o: Owner) => ({ fileId: o.firstId }) } },
  // A version of the unique risk document still to sign (the demo signs both of its versions).
  { table: 'du_history_version', values: { number: 3, signed_at: null, signer_name: null, signature_image: null, signed_by_id: null } },
];

/** Query strings some routes read besides their path (what their links add). */
const QUERIES: Record<string, string> = {
  action_plan_quick_add: 'source=event',
  ppsps_company_add: 'kind=ET',
};

let t: TestApp;
let cat: Catalogue;

async function tenantTables(): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await t.db.dataSource.query(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public' ORDER BY table_name`);
  return rows.map((r) => r.table_name).filter((n) => !['audit_entry', 'user_tenant', 'session'].includes(n));
}

/** Moves every sequence of the schema to `value`: the next row of every table gets `value + 1`. */
async function alignSequences(value: number): Promise<void> {
  const seqs: Array<{ name: string }> = await t.db.dataSource.query(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`);
  for (const s of seqs) await t.db.dataSource.query('SELECT setval($1::regclass, $2)', [s.name, value]);
}

/**
 * The rows the demo does not make, so that every table a route id names holds one of this company:
 * a row in each empty table (parents first), a row of each kind (KINDS), the COPIES, and a stored
 * image on every empty file column of the company's first rows (a download route has something to
 * send). Returns the offsets of the rows made.
 */
async function probeRows(o: Owner): Promise<number[]> {
  const db = t.db.dataSource;
  const made: number[] = [];
  const has = async (table: string) => (await db.query(`SELECT 1 FROM "${table}" WHERE tenant_id = $1 LIMIT 1`, [o.tenantId])).length > 0;
  let empty: string[] = [];
  for (const table of cat.idTables()) if (!NOT_ROUTED.has(table) && !(await has(table))) empty.push(table);
  while (empty.length) {
    // A table whose required parents are all filled (or are itself) can be filled now.
    const ready = empty.filter((table) => cat.columns(table).every((c) => c.nullable || !c.references || c.references === table || !empty.includes(c.references)));
    if (!ready.length) throw new Error(`Tables sans ordre de remplissage : ${empty.join(', ')}`);
    for (const table of ready) made.push(await insertRow(db, cat, table, o, ROW_VALUES[table]));
    empty = empty.filter((table) => !ready.includes(table));
  }
  for (const kind of KINDS) {
    const values = kind.values ?? cat.columns(kind.table).find((c) => c.name === kind.column)?.allowed ?? [];
    expect(values.length).toBeGreaterThan(1);
    const present: Array<{ v: string }> = await db.query(`SELECT DISTINCT "${kind.column}" AS v FROM "${kind.table}" WHERE tenant_id = $1`, [o.tenantId]);
    for (const v of values) {
      if (present.some((p) => p.v === v)) continue;
      made.push(...await copyRow(db, cat, kind.table, o.firstId, o, { [kind.column]: v, ...kind.also?.(v) }, kind.children));
    }
  }
  for (const copy of COPIES) made.push(...await copyRow(db, cat, copy.table, o.firstId, o, copy.values));
  const [image] = await db.query(`SELECT id FROM stored_file WHERE tenant_id = $1 AND mime_type = 'image/png' AND state = 'stored' ORDER BY id LIMIT 1`, [o.tenantId]);
  expect(image).toBeDefined();
  const fileColumns = [...cat.fileColumns(), ...registeredFileReferences().map((r) => r.name).filter((n) => { const [tb, c] = n.split('.'); return cat.has(tb, c); })];
  for (const name of new Set(fileColumns)) {
    const [table, column] = name.split('.');
    if (!cat.has(table, 'tenant_id') || !cat.has(table, 'id') || cat.columns(table).find((c) => c.name === column)?.type !== 'integer') continue;
    await db.query(`UPDATE "${table}" SET "${column}" = $1 WHERE id = $2 AND tenant_id = $3 AND "${column}" IS NULL`, [image.id, o.firstId, o.tenantId]);
  }
  return made.map((id) => id - o.firstId + 1);
}

/** Switches on, for the company, every feature toggle a route needs: a route switched off answers 404 to anyone. */
async function routeToggles(tenantId: number): Promise<void> {
  for (const code of new Set(t.ctx.routes.all().map((r) => r.toggle).filter((c): c is string => !!c))) await setToggle(t.db.dataSource, tenantId, code, true);
}

// Rows without a tenant_id that belong to a company through its roles: who holds them, what they may do.
const ROLE_ROWS: Record<string, string> = {
  role_right: 'SELECT rr.* FROM role_right rr JOIN role r ON r.id = rr.role_id WHERE r.tenant_id = $1 ORDER BY 1, 2',
  user_role: 'SELECT ur.* FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.tenant_id = $1 ORDER BY 1, 2',
};

async function snapshot(tenantId: number, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await t.db.dataSource.query(`SELECT * FROM "${table}" WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
    out[table] = JSON.stringify(rows);
  }
  for (const [name, sql] of Object.entries(ROLE_ROWS)) out[name] = JSON.stringify(await t.db.dataSource.query(sql, [tenantId]));
  return out;
}

/** A company with every module's demo data, the probe rows and a custom role held by its user; ids start after `base`. */
async function company(base: number, role: string): Promise<Owner & { id: number; username: string; password: string; made: number[] }> {
  await alignSequences(base);
  const user = await makeUser(t, { roles: [role] });
  for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, user.tenantId);
  const [custom] = await t.db.dataSource.query(`INSERT INTO role (tenant_id, code, label, color) VALUES ($1, 'custom_probe', 'Rôle sondé', 'green') RETURNING id`, [user.tenantId]);
  await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'hr.view')`, [custom.id]);
  await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [user.id, custom.id]);
  await routeToggles(user.tenantId);
  const owner = { tenantId: user.tenantId, userId: user.id, firstId: base + 1 };
  const made = await probeRows(owner);
  return { ...user, ...owner, made };
}

/**
 * Record ids that travel in a form's body rather than its path: the rights matrix names the
 * roles it saves. The attacker posts their own valid matrix naming company B's roles too.
 */
async function probeRoleMatrix(attacker: { username: string; password: string }, victimTenantId: number): Promise<void> {
  const { agent } = await loginAs(t, attacker);
  const page = await agent.get('/admin/roles/rights');
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(page.text)![1];
  const roles: Array<{ id: number }> = await t.db.dataSource.query('SELECT id FROM role WHERE tenant_id = $1', [victimTenantId]);
  const body = [`_csrf_token=${encodeURIComponent(csrfFrom(page.text))}`, `fingerprint=${fingerprint}`];
  for (const r of roles) body.push(`roles[]=${r.id}`, ...ALL_RIGHT_NAMES.map((n) => `rights[role_${r.id}][]=${n}`));
  const res = await agent.post('/admin/roles/rights').type('form').send(body.join('&'));
  expect(res.status).toBe(303);
  expect((await agent.get('/admin/roles/rights')).text).toContain('Droits enregistrés.');
}

/**
 * The route's parameters that name a record, from their requirement: digits, or any text (an id
 * by another name, e.g. a questionnaire's `survey`); not those of PARAM_VALUES, nor a list of words.
 */
function recordParams(route: CompiledRoute): string[] {
  return route.params.filter((p) => {
    if (p in PARAM_VALUES) return false;
    const req = route.requirements?.[p] ?? defaultRequirement(p);
    return /\\d/.test(req) || req === '[^/]+';
  });
}

/** The values a parameter that is not a record id is tried with: PARAM_VALUES, else each word its requirement allows, else its default. */
function plainValues(route: CompiledRoute, p: string): string[] {
  if (p in PARAM_VALUES) return [PARAM_VALUES[p]];
  const words = /^\(?([\w|]+)\)?$/.exec(route.requirements?.[p] ?? '');
  return words ? words[1].split('|') : [route.defaults?.[p] ?? 'x'];
}

/** A way to call a route: a value per parameter (record ids as offsets from a base). */
interface Call { offsets: Record<string, number>; plain: Record<string, string> }

/**
 * The calls a GET route's control tries, in order: for each offset, each combination of its other
 * parameters' words, its record parameters all at that offset, then (with several) the first at
 * that offset and the others at 1.
 */
function calls(route: CompiledRoute, offsets: number[]): Call[] {
  const numeric = recordParams(route);
  let combos: Array<Record<string, string>> = [{}];
  for (const p of route.params.filter((x) => !numeric.includes(x))) combos = combos.flatMap((c) => plainValues(route, p).map((v) => ({ ...c, [p]: v })));
  const out: Call[] = [];
  const at = (...o: number[]) => Object.fromEntries(numeric.map((p, k) => [p, o[Math.min(k, o.length - 1)]]));
  for (const i of offsets) {
    for (const plain of combos) {
      out.push({ offsets: at(i), plain });
      if (numeric.length > 1 && i !== 1) out.push({ offsets: at(i, 1), plain });
    }
  }
  return out;
}

/** The route's URL for a call, its record parameters at `base` + offset except those of `foreign` (at FOREIGN_BASE + offset); null when it cannot be built. */
function urlOf(route: CompiledRoute, call: Call, base: number, foreign: string[] = []): string | null {
  const params: Record<string, string> = { ...call.plain };
  for (const [p, o] of Object.entries(call.offsets)) params[p] = String((foreign.includes(p) ? FOREIGN_BASE : base) + o);
  try {
    const path = t.ctx.routes.path(route.name, params);
    return QUERIES[route.name] ? `${path}${path.includes('?') ? '&' : '?'}${QUERIES[route.name]}` : path;
  } catch { return null; }
}

/** Runs the tasks with at most `size` of them under way at once. */
async function runPool(tasks: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  const worker = async () => { while (next < tasks.length) await tasks[next++](); };
  await Promise.all(Array.from({ length: size }, worker));
}

interface RouteCost { name: string; requests: number; ms: number; own?: number; call?: Call }

describe('cross-company probe', () => {
  beforeAll(async () => {
    t = await createTestApp();
    cat = await Catalogue.read(t.db.dataSource);
    // The probe asks several pages at once as one user: a PDF refused as « busy » would prove nothing.
    setHeavyWorkLimits({ concurrency: Infinity, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity });
  });
  afterAll(async () => { await t.close(); });

  it('refuses every route with an id of another company, answers on its own, and leaves the other company unchanged', async () => {
    const started = Date.now();
    const tables = await tenantTables();
    const attacker = await company(OWN_BASE, 'super_admin');
    const victim = await company(FOREIGN_BASE, 'admin');
    // The companies themselves (a route's `company`) and their users are at offset 1 too.
    expect([attacker.tenantId, attacker.id]).toEqual([OWN_BASE + 1, OWN_BASE + 1]);
    expect([victim.tenantId, victim.id]).toEqual([FOREIGN_BASE + 1, FOREIGN_BASE + 1]);

    // Every table a route id can name holds a row of each company at offset 1, and B's rows mirror A's.
    const routed = cat.idTables().filter((tb) => !NOT_ROUTED.has(tb));
    const own = await rowOffsets(t.db.dataSource, routed, attacker, FOREIGN_BASE);
    const foreign = await rowOffsets(t.db.dataSource, routed, victim, 2 ** 31 - 1);
    expect(routed.filter((tb) => own[tb][0] !== 1 || foreign[tb][0] !== 1)).toEqual([]);
    expect(routed.filter((tb) => JSON.stringify(own[tb]) !== JSON.stringify(foreign[tb]))).toEqual([]);
    const setupMs = Date.now() - started;

    const before = await snapshot(victim.tenantId, tables);
    await probeRoleMatrix(attacker, victim.tenantId);
    const { agent, csrf } = await loginAs(t, attacker);
    const ask = (method: HttpMethod, url: string) => method === 'GET'
      ? agent.get(url).set('X-Requested-With', 'XMLHttpRequest')
      : agent.post(url).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', csrf).type('form').send({ _csrf_token: csrf });

    const routes = t.ctx.routes.all().filter((r) => r.right !== 'public' && recordParams(r).length);
    const costs = new Map<string, RouteCost>(routes.map((r) => [r.name, { name: r.name, requests: 0, ms: 0 }]));
    const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const cost = costs.get(name)!; const s = Date.now();
      try { return await fn(); } finally { cost.ms += Date.now() - s; cost.requests++; }
    };
    const candidates = [...new Set([...Array.from({ length: OFFSETS }, (_, i) => i + 1), ...attacker.made])];
    const unbuildable = routes.filter((r) => !urlOf(r, calls(r, [1])[0], OWN_BASE)).map((r) => r.name);

    // 1. Controls: each GET route on A's own rows, call after call (calls()), until it answers.
    await runPool(routes.filter((r) => r.methods.includes('GET')).map((route) => async () => {
      const cost = costs.get(route.name)!;
      const tries = calls(route, candidates);
      for (const call of route.name in CONTROL_EXCEPTIONS ? tries.slice(0, 1) : tries) {
        const url = urlOf(route, call, OWN_BASE);
        if (!url) return;
        cost.own = (await timed(route.name, () => ask('GET', url))).status;
        if (cost.own < 300) { cost.call = call; return; }
      }
    }), 6);

    // A route without an answering GET takes, for each record parameter, the offset most GET routes
    // sharing its path up to that parameter answered on (a plan's POST routes, its page's plan).
    const inherited = (route: CompiledRoute): Call => {
      const call = calls(route, [1])[0];
      for (const p of recordParams(route)) {
        const prefix = route.path.slice(0, route.path.indexOf(`{${p}}`) + p.length + 2);
        const votes = new Map<number, number>();
        for (const other of routes) {
          const o = other.path.startsWith(prefix) ? costs.get(other.name)!.call?.offsets[p] : undefined;
          if (o) votes.set(o, (votes.get(o) ?? 0) + 1);
        }
        if (votes.size) call.offsets[p] = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
      }
      return call;
    };

    // 2. Probes: B's ids in the route's call, one record parameter at a time and all together.
    const leaks: string[] = [];
    const probes: Array<() => Promise<void>> = [];
    for (const route of routes) {
      const numeric = recordParams(route);
      const call = costs.get(route.name)!.call ?? inherited(route);
      const mixes = numeric.map((p) => [p]);
      if (numeric.length > 1) mixes.push(numeric);
      for (const foreign of mixes) {
        const url = urlOf(route, call, OWN_BASE, foreign);
        if (!url) continue;
        for (const method of route.methods) {
          probes.push(async () => {
            const res = await timed(route.name, () => ask(method, url));
            if (res.status < 300 || res.status >= 500) leaks.push(`${route.name} ${method} ${url} -> ${res.status}`);
          });
        }
      }
    }
    await runPool(probes, 6);

    const report = [...costs.values()].sort((a, b) => b.ms - a.ms);
    const total = report.reduce((s, c) => s + c.ms, 0);
    const requests = report.reduce((s, c) => s + c.requests, 0);
    const getRoutes = report.filter((c) => c.own !== undefined);
    console.log(`Sondage inter-sociétés : ${report.length} routes, ${requests} requêtes (${probes.length} sur B), ${routed.length} tables, `
      + `${getRoutes.filter((c) => c.call).length}/${getRoutes.length} routes GET répondent sur A, `
      + `préparation ${setupMs} ms, requêtes ${total} ms (somme), total ${Date.now() - started} ms\n`
      + report.map((c) => `${String(c.ms).padStart(6)} ms ${String(c.requests).padStart(3)} req  ${c.name}${c.own === undefined ? '' : `  (propre : ${c.own}${c.call ? ` à ${JSON.stringify({ ...c.call.offsets, ...c.call.plain })}` : ''})`}`).join('\n'));

    expect(unbuildable).toEqual([]);
    expect(leaks).toEqual([]);
    expect(costs.size).toBeGreaterThan(100);
    // The control, route by route: A's own ids open A's own pages, so the refusals above are the tenant check's.
    expect(getRoutes.filter((c) => !c.call && !(c.name in CONTROL_EXCEPTIONS)).map((c) => `${c.name} (${c.own})`)).toEqual([]);
    // An exception that answers, or names no GET route with a record id, leaves the list.
    expect(Object.keys(CONTROL_EXCEPTIONS).filter((n) => costs.get(n)?.call !== undefined || costs.get(n)?.own === undefined)).toEqual([]);
    expect(await snapshot(victim.tenantId, tables)).toEqual(before);
  }, 300_000);
});
