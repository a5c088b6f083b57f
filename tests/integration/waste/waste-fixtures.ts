import type { TestApp } from '../../support/app';
import { postForm, type Actor } from '../risk-evaluation/du-fixtures';

/** The last id of `table` in the company. */
export const lastId = async (t: TestApp, table: string, tenantId: number): Promise<number> =>
  (await t.db.dataSource.query(`SELECT max(id) AS id FROM ${table} WHERE tenant_id = $1`, [tenantId]))[0].id as number;

/** Two sites (hierarchy items) of the company. */
export async function sites(t: TestApp, tenantId: number): Promise<{ lyon: number; nantes: number }> {
  const db = t.db.dataSource;
  const [type] = await db.query('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [tenantId, 'Site']);
  const [lyon] = await db.query('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, 'Usine de Lyon', type.id]);
  const [nantes] = await db.query('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, 'Entrepôt de Nantes', type.id]);
  return { lyon: lyon.id, nantes: nantes.id };
}

/** Creates a waste through its form; returns its id. */
export async function waste(t: TestApp, a: Actor, label: string, cedCode: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postForm(a, '/waste/new', 'waste', { label, cedCode, cedLabel: cedCode, version: 0, ...extra });
  expect(res.status).toBe(201);
  return lastId(t, 'waste', a.tenantId);
}

/** Creates a voucher through its form (`weight` as typed, date `DD/MM/YYYY`); returns the response. */
export function voucher(a: Actor, fields: Record<string, unknown>) {
  return postForm(a, '/waste/vouchers/new', 'waste_voucher', { version: 0, ...fields });
}
