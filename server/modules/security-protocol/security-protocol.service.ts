import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { recordHistory } from '../../kernel/history/history.service';
import { softDelete } from '../../kernel/trash/trash';
import { userInTenant } from '../../kernel/tenancy';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { formatDate } from '../../kernel/i18n/format';
import { requiredFieldErrors, type ProtocolInput } from './security-protocol.schema';

type Db = DataSource | EntityManager;

/** Subject type of the protocol's history rows (the signing descriptor's `type`). */
export const PROTOCOL_HISTORY_SUBJECT = 'security_protocol';

/** A choice of a select. */
export interface Choice { id: number; label: string }

/** A protocol as the form and the show page read it (dates `YYYY-MM-DD`). */
export interface ProtocolRecord {
  id: number;
  tenantId: number;
  pdsNumber: string;
  natureOfGoods: string;
  status: string;
  archived: boolean;
  amendmentNumber: number;
  version: number;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  responsibleId: number | null;
  responsibleName: string | null;
  substituteIds: number[];
  substituteNames: string[];
  hierarchyItemId: number | null;
  hierarchyItemName: string | null;
  companyTiersId: number | null;
  companyName: string | null;
  /** The CRM name of the host company, else the typed name. */
  companyLabel: string | null;
  startDate: string | null;
  endDate: string | null;
  isPunctual: boolean | null;
  frequency: string | null;
  operationType: string | null;
  packagingIds: number[];
  packagingNames: string[];
  vehicleIds: number[];
  vehicleNames: string[];
  equipmentIds: number[];
  equipment: Array<{ id: number; label: string; imageFileId: number | null }>;
  description: string | null;
  designation: string | null;
}

const NAME = (a: string) => `coalesce(NULLIF(trim(coalesce(${a}.last_name, '') || ' ' || coalesce(${a}.first_name, '')), ''), ${a}.username)`;

/** One protocol of the tenant (not in the trash) with its names and links, or null. */
export async function findProtocol(db: Db, tenantId: number, id: number): Promise<ProtocolRecord | null> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.*, to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            ${NAME('r')} AS responsible_name, ${NAME('c')} AS created_by_name, hi.name AS item_name, t.name AS tiers_name
       FROM security_protocol p
       LEFT JOIN app_user r ON r.id = p.responsible_id
       LEFT JOIN app_user c ON c.id = p.created_by_id
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN tiers t ON t.id = p.company_tiers_id
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [id, tenantId]);
  const r = rows[0];
  if (!r) return null;
  const subs: Array<{ id: number; label: string }> = await db.query(
    `SELECT u.id, ${NAME('u')} AS label FROM security_protocol_substitute s JOIN app_user u ON u.id = s.user_id
      WHERE s.protocol_id = $1 AND s.tenant_id = $2 ORDER BY 2`, [id, tenantId]);
  const pack: Choice[] = await db.query(
    `SELECT x.id, x.label FROM security_protocol_packaging l JOIN packaging x ON x.id = l.packaging_id WHERE l.protocol_id = $1 AND l.tenant_id = $2 ORDER BY x.label`, [id, tenantId]);
  const veh: Choice[] = await db.query(
    `SELECT x.id, x.label FROM security_protocol_vehicle l JOIN transport_vehicle x ON x.id = l.vehicle_id WHERE l.protocol_id = $1 AND l.tenant_id = $2 ORDER BY x.label`, [id, tenantId]);
  const equip: Array<{ id: number; label: string; imageFileId: number | null }> = await db.query(
    `SELECT x.id, x.label, x.image_file_id AS "imageFileId" FROM security_protocol_handling_equipment l JOIN handling_equipment x ON x.id = l.equipment_id
      WHERE l.protocol_id = $1 AND l.tenant_id = $2 ORDER BY x.label`, [id, tenantId]);
  return {
    id: r.id, tenantId: r.tenant_id, pdsNumber: r.pds_number, natureOfGoods: r.nature_of_goods, status: r.status, archived: r.archived,
    amendmentNumber: r.amendment_number, version: r.version, createdById: r.created_by_id, createdByName: r.created_by_id ? r.created_by_name : null,
    createdAt: r.created_at, responsibleId: r.responsible_id, responsibleName: r.responsible_id ? r.responsible_name : null,
    substituteIds: subs.map((s) => Number(s.id)), substituteNames: subs.map((s) => s.label),
    hierarchyItemId: r.hierarchy_item_id, hierarchyItemName: r.item_name, companyTiersId: r.company_tiers_id, companyName: r.company_name,
    companyLabel: r.tiers_name ?? r.company_name ?? null, startDate: r.start_iso, endDate: r.end_iso, isPunctual: r.is_punctual,
    frequency: r.frequency, operationType: r.operation_type,
    packagingIds: pack.map((x) => Number(x.id)), packagingNames: pack.map((x) => x.label),
    vehicleIds: veh.map((x) => Number(x.id)), vehicleNames: veh.map((x) => x.label),
    equipmentIds: equip.map((x) => Number(x.id)), equipment: equip,
    description: r.description, designation: r.designation,
  };
}

/** The form values of a stored protocol (dates DD/MM/YYYY, ids as given). */
export function formValues(p: ProtocolRecord): Record<string, unknown> {
  const fr = (iso: string | null) => (iso ? formatDate(iso) : '');
  return {
    pdsNumber: p.pdsNumber, natureOfGoods: p.natureOfGoods, responsibleId: p.responsibleId ?? '', substituteIds: p.substituteIds,
    hierarchyItemId: p.hierarchyItemId ?? '', companyTiersId: p.companyTiersId ?? '', companyName: p.companyName ?? '',
    startDate: fr(p.startDate), endDate: fr(p.endDate), isPunctual: p.isPunctual == null ? '' : p.isPunctual ? '1' : '0',
    frequency: p.frequency ?? '', operationType: p.operationType ?? '', packagingIds: p.packagingIds, vehicleIds: p.vehicleIds,
    equipmentIds: p.equipmentIds, description: p.description ?? '', designation: p.designation ?? '', version: p.version,
  };
}

/** What the protocol form offers, all of the tenant. */
export interface ProtocolFormChoices {
  users: Choice[];
  items: Choice[];
  tiers: Choice[];
  packagings: Choice[];
  vehicles: Choice[];
  equipment: Choice[];
}

/** The choices of the protocol form. */
export async function protocolFormChoices(db: Db, tenantId: number): Promise<ProtocolFormChoices> {
  const users: Choice[] = await db.query(
    `SELECT u.id, ${NAME('u')} AS label FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY 2`, [tenantId]);
  const items: Choice[] = await db.query(
    `SELECT i.id, i.name AS label FROM hierarchy_item i JOIN hierarchy_type ty ON ty.id = i.type_id
      WHERE i.tenant_id = $1 AND i.deleted_at IS NULL ORDER BY ty.level, i.name`, [tenantId]);
  const tiers: Choice[] = await db.query('SELECT id, name AS label FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name LIMIT 500', [tenantId]);
  const list = (table: string): Promise<Choice[]> => db.query(`SELECT id, label FROM ${table} WHERE tenant_id = $1 ORDER BY label, id`, [tenantId]);
  return { users, items, tiers, packagings: await list('packaging'), vehicles: await list('transport_vehicle'), equipment: await list('handling_equipment') };
}

async function foreignIds(db: Db, sql: string, tenantId: number, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const found: Array<{ id: number }> = await db.query(sql, [tenantId, ids]);
  return found.length !== new Set(ids).size;
}

/**
 * Every reference of the form must belong to the tenant, and the number must be free:
 * field -> translation key.
 */
export async function referenceErrors(db: Db, tenantId: number, d: ProtocolInput, selfId: number | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const one = (v: number | null) => (v == null ? [] : [v]);
  const USERS = `SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.id = ANY($2)`;
  const checks: Array<[string, string, number[]]> = [
    ['responsibleId', USERS, one(d.responsibleId)],
    ['substituteIds', USERS, d.substituteIds],
    ['hierarchyItemId', 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', one(d.hierarchyItemId)],
    ['companyTiersId', 'SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', one(d.companyTiersId)],
    ['packagingIds', 'SELECT id FROM packaging WHERE tenant_id = $1 AND id = ANY($2)', d.packagingIds],
    ['vehicleIds', 'SELECT id FROM transport_vehicle WHERE tenant_id = $1 AND id = ANY($2)', d.vehicleIds],
    ['equipmentIds', 'SELECT id FROM handling_equipment WHERE tenant_id = $1 AND id = ANY($2)', d.equipmentIds],
  ];
  for (const [field, sql, ids] of checks) if (await foreignIds(db, sql, tenantId, ids)) errors[field] = 'validation.choice';
  if (d.pdsNumber) {
    const taken = await db.query(
      'SELECT 1 FROM security_protocol WHERE tenant_id = $1 AND lower(pds_number) = lower($2) AND id <> $3 LIMIT 1', [tenantId, d.pdsNumber, selfId ?? 0]);
    if (taken.length) errors.pdsNumber = 'security-protocol.validation.number_taken';
  }
  return errors;
}

/** A number to offer on a new protocol: `PDS-2026-0007` (the user may change it). */
export async function suggestNumber(db: Db, tenantId: number): Promise<string> {
  const prefix = `PDS-${clock.now().getFullYear()}-`;
  const [row] = await db.query(
    `SELECT max(substring(pds_number FROM $2)::int) AS n FROM security_protocol WHERE tenant_id = $1 AND pds_number ~ $3`,
    [tenantId, `^${prefix}(\\d+)$`, `^${prefix}\\d+$`]);
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

function columns(d: ProtocolInput): Record<string, unknown> {
  const orNull = (s: string) => (s ? s : null);
  return {
    pds_number: d.pdsNumber, nature_of_goods: d.natureOfGoods, responsible_id: d.responsibleId, hierarchy_item_id: d.hierarchyItemId,
    company_tiers_id: d.companyTiersId, company_name: d.companyTiersId != null ? null : orNull(d.companyName),
    start_date: d.startDate, end_date: d.endDate, is_punctual: d.isPunctual, frequency: d.isPunctual === true ? null : orNull(d.frequency),
    operation_type: d.operationType, description: orNull(d.description), designation: orNull(d.designation),
  };
}

async function replaceLinks(m: EntityManager, tenantId: number, id: number, d: ProtocolInput): Promise<void> {
  const links: Array<[string, string, number[]]> = [
    ['security_protocol_substitute', 'user_id', d.substituteIds],
    ['security_protocol_packaging', 'packaging_id', d.packagingIds],
    ['security_protocol_vehicle', 'vehicle_id', d.vehicleIds],
    ['security_protocol_handling_equipment', 'equipment_id', d.equipmentIds],
  ];
  for (const [table, column, ids] of links) {
    await m.query(`DELETE FROM ${table} WHERE protocol_id = $1 AND tenant_id = $2`, [id, tenantId]);
    if (ids.length) await m.query(`INSERT INTO ${table} (protocol_id, ${column}, tenant_id) SELECT $1, x, $2 FROM unnest($3::int[]) AS x`, [id, tenantId, ids]);
  }
}

/** Outcome of a save. */
export type SaveResult = { ok: true; id: number; pdsNumber: string } | { ok: false; stale: true } | { ok: false; taken: true };

/**
 * Creates (`id` null) or updates a protocol with its links in one transaction, with a history
 * row. A draft may leave the number empty: it then gets the suggested one.
 */
export async function saveProtocol(db: DataSource, input: { tenantId: number; user: AuthUser; id: number | null; data: ProtocolInput; draft: boolean }): Promise<SaveResult> {
  const data = { ...input.data };
  if (!data.pdsNumber) data.pdsNumber = await suggestNumber(db, input.tenantId);
  const cols = columns(data);
  const now = clock.now();
  try {
    return await db.transaction(async (m) => {
      let id: number;
      if (input.id == null) {
        const names = ['tenant_id', 'status', 'created_by_id', 'created_at', 'updated_at', ...Object.keys(cols)];
        const values = [input.tenantId, 'draft', input.user.id, now, now, ...Object.values(cols)];
        const [row] = await m.query(`INSERT INTO security_protocol (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, values);
        id = row.id;
      } else {
        const names = Object.keys(cols);
        const [rows]: [Array<{ id: number }>, number] = await m.query(
          `UPDATE security_protocol SET ${names.map((n, i) => `${n} = $${i + 4}`).join(', ')}, version = version + 1, updated_at = $${names.length + 4}
            WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id`,
          [input.id, input.tenantId, data.version, ...Object.values(cols), now]);
        if (!rows.length) return { ok: false, stale: true } as const;
        id = rows[0].id;
      }
      await replaceLinks(m, input.tenantId, id, data);
      await recordHistory(m, {
        tenantId: input.tenantId, subjectType: PROTOCOL_HISTORY_SUBJECT, subjectId: id, userId: input.user.id,
        transition: input.id == null ? 'create' : input.draft ? 'edit_draft' : 'edit',
      });
      return { ok: true, id, pdsNumber: data.pdsNumber } as const;
    });
  } catch (err) {
    // Two saves with the same number at once: the unique index answers.
    if ((err as { code?: string }).code === '23505') return { ok: false, taken: true } as const;
    throw err;
  }
}

/** Archives or unarchives a protocol (history row). */
export async function setArchived(db: DataSource, tenantId: number, userId: number, id: number, archived: boolean): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('UPDATE security_protocol SET archived = $3, version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2', [id, tenantId, archived]);
    await recordHistory(m, { tenantId, subjectType: PROTOCOL_HISTORY_SUBJECT, subjectId: id, userId, transition: archived ? 'archive' : 'unarchive' });
  });
}

/** Sends a protocol to the shared trash (restorable). */
export async function trashProtocol(db: DataSource, tenantId: number, userId: number, p: { id: number; pdsNumber: string; natureOfGoods: string }): Promise<boolean> {
  return db.transaction(async (m) => {
    const done = await softDelete(m, { table: 'security_protocol', id: p.id, tenantId, title: `${p.pdsNumber} – ${p.natureOfGoods}`, userId });
    if (done) await recordHistory(m, { tenantId, subjectType: PROTOCOL_HISTORY_SUBJECT, subjectId: p.id, userId, transition: 'delete' });
    return done;
  });
}

/** A problem of a protocol (as the plan's): an error blocks sending for signature. */
export interface ProtocolProblem {
  severity: 'error' | 'warning';
  key: string;
  params?: Record<string, unknown>;
  tab?: string;
}

/**
 * Seed 002 section 5 over a stored protocol: the required fields (same rules as the form) and at
 * least one transport company (kind `carrier`). Every problem is an error. An unknown id gives
 * one error (`errors.not_found.title`).
 */
export async function protocolProblems(db: Db, tenantId: number, id: number): Promise<ProtocolProblem[]> {
  const p = await findProtocol(db, tenantId, id);
  if (!p) return [{ severity: 'error', key: 'errors.not_found.title' }];
  const input: ProtocolInput = {
    pdsNumber: p.pdsNumber, natureOfGoods: p.natureOfGoods, responsibleId: p.responsibleId, substituteIds: p.substituteIds,
    hierarchyItemId: p.hierarchyItemId, companyTiersId: p.companyTiersId, companyName: p.companyName ?? '', startDate: p.startDate,
    endDate: p.endDate, isPunctual: p.isPunctual, frequency: p.frequency ?? '', operationType: p.operationType as ProtocolInput['operationType'],
    packagingIds: p.packagingIds, vehicleIds: p.vehicleIds, equipmentIds: p.equipmentIds, description: p.description ?? '',
    designation: p.designation ?? '', version: p.version,
  };
  const problems: ProtocolProblem[] = Object.entries(requiredFieldErrors(input)).map(([field, key]) => ({
    severity: 'error', key: key === 'validation.required' ? 'security-protocol.completeness.missing' : key,
    params: { field: `security-protocol.fields.${field}` }, tab: 'operation',
  }));
  const [carriers] = await db.query(
    "SELECT count(*)::int AS n FROM security_protocol_company WHERE tenant_id = $1 AND protocol_id = $2 AND kind = 'carrier'", [tenantId, id]);
  if (!carriers.n) problems.push({ severity: 'error', key: 'security-protocol.completeness.no_carrier', tab: 'companies' });
  return problems;
}
