import { rowsOf, type Db } from '../../../kernel/db/sql';

/** A select option. */
export interface Option { value: number; label: string }

/** The company's consignment types as select options, by name, with their colour. */
export async function typeOptions(db: Db, tenantId: number): Promise<Array<Option & { color: string }>> {
  const rows = rowsOf<{ id: number; name: string; color: string }>(await db.query('SELECT id, name, color FROM lockout_type WHERE tenant_id = $1 ORDER BY name, id', [tenantId]));
  return rows.map((r) => ({ value: r.id, label: r.name, color: r.color }));
}

/** The company's machine activities as select options, by name. */
export async function activityOptions(db: Db, tenantId: number): Promise<Option[]> {
  const rows = rowsOf<{ id: number; name: string }>(await db.query('SELECT id, name FROM lockout_activity WHERE tenant_id = $1 ORDER BY name, id', [tenantId]));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** The company's machines as select options (`code – name`), by code. */
export async function machineOptions(db: Db, tenantId: number): Promise<Option[]> {
  const rows = rowsOf<{ id: number; code: string; name: string }>(await db.query('SELECT id, code, name FROM lockout_machine WHERE tenant_id = $1 ORDER BY code, id', [tenantId]));
  return rows.map((r) => ({ value: r.id, label: `${r.code} – ${r.name}` }));
}

/** The hierarchy entities a machine may stand in (their type is attached to consignment), by name. */
export async function sectorOptions(db: Db, tenantId: number): Promise<Option[]> {
  const rows = rowsOf<{ id: number; name: string }>(await db.query(
    `SELECT i.id, i.name FROM hierarchy_item i JOIN hierarchy_type ty ON ty.id = i.type_id
      WHERE i.tenant_id = $1 AND ty.attach_consignment ORDER BY i.name, i.id`, [tenantId]));
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
