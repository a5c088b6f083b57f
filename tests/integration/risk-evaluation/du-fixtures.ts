import type TestAgent from 'supertest/lib/agent';
import { ensureDuDefaults } from '../../../server/modules/risk-evaluation';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** The header of the client's modal requests. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user holding only `rights` (or the roles given), logged in; in `company` when given. */
export async function actor(t: TestApp, rights: string[], opts: { company?: string; roles?: string[] } = {}): Promise<Actor> {
  const user = await makeUser(t, { roles: opts.roles ?? [], rights, company: opts.company });
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

/** The company's name (to put other users in it). */
export async function companyOf(t: TestApp, tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

/** Posts `<form>[field]` fields as the browser does: a list is sent as repeated `<form>[field][]`. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>, csrf = a.csrf) {
  const body = new URLSearchParams();
  if (csrf) body.append('_csrf_token', csrf);
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) body.append(`${form}[${k}][]`, String(x));
    else if (v !== undefined && v !== null) body.append(`${form}[${k}]`, String(v));
  }
  return a.agent.post(url).set(XHR).type('form').send(body.toString());
}

/** Posts an empty form (removals, archive). */
export function postEmpty(a: Actor, url: string) {
  return a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf });
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'").replace(/&#34;/g, '"') : null;
}

/** What a company needs for an evaluation: an entity (with a child), a work unit and its reference lists. */
export interface DuPlace {
  tenantId: number; siteId: number; buildingId: number; otherSiteId: number; workUnitId: number; otherUnitId: number;
  scale: (kind: 'gravity' | 'probability' | 'control', label: string) => Promise<number>;
  level: (label: string) => Promise<number>;
  family: (label: string) => Promise<number>;
  risk: (label: string) => Promise<number>;
}

/** Builds an organisation (site > building, another site, two work units) and seeds the French defaults. */
export async function duPlace(t: TestApp, tenantId: number): Promise<DuPlace> {
  const db = t.db.dataSource;
  const one = async (sql: string, params: unknown[]) => (await db.query(sql, params))[0]?.id as number;
  const type = await one('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [tenantId, 'Site']);
  const siteId = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, 'Usine de Lyon', type]);
  const buildingId = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, 'Bâtiment A', type, siteId]);
  const otherSiteId = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, 'Entrepôt de Nantes', type]);
  const workUnitId = await one('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Atelier usinage']);
  const otherUnitId = await one('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Quais de chargement']);
  await ensureDuDefaults(db, tenantId);
  return {
    tenantId, siteId, buildingId, otherSiteId, workUnitId, otherUnitId,
    scale: (kind, label) => one('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3 AND deleted_at IS NULL', [tenantId, kind, label]),
    level: (label) => one('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [tenantId, label]),
    family: (label) => one('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [tenantId, label]),
    risk: (label) => one('SELECT id FROM du_risk WHERE tenant_id = $1 AND label = $2', [tenantId, label]),
  };
}

/** The fields of a valid evaluation at `place` with the given rating (default scales' labels). */
export async function evaluationFields(place: DuPlace, rating: { g: string; p: string; c: string }, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    hierarchyItemId: place.siteId, workUnitId: place.workUnitId, dangerFamilyId: await place.family('Machines et outils'),
    riskIds: [await place.risk('Happement par un élément mobile de machine')],
    dangerousSituation: 'Intervention dans la zone du tour en rotation',
    gravityId: await place.scale('gravity', rating.g), probabilityId: await place.scale('probability', rating.p), controlId: await place.scale('control', rating.c),
    version: 0, ...extra,
  };
}

/** The stored figures of an evaluation and the label of its level. */
export async function storedRating(t: TestApp, id: number): Promise<{ gross: number; priority: number; level: string | null; version: number }> {
  const [r] = await t.db.dataSource.query(
    `SELECT e.gross_risk, e.priority_risk, e.version, l.label FROM risk_evaluation e LEFT JOIN du_priority_level l ON l.id = e.priority_level_id WHERE e.id = $1`, [id]);
  return { gross: r.gross_risk, priority: r.priority_risk, level: r.label ?? null, version: r.version };
}

/** The newest evaluation of the company. */
export async function lastEvaluationId(t: TestApp, tenantId: number): Promise<number> {
  const [r] = await t.db.dataSource.query('SELECT max(id) AS id FROM risk_evaluation WHERE tenant_id = $1', [tenantId]);
  return r.id;
}
