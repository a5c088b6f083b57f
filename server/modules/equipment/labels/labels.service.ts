import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { loadVgpScope, scopeParam, scopeSql } from '../core/equipment-access';

/** What a label prints of an equipment: its names and numbers, last control and next deadline. */
export interface LabelRow {
  id: number;
  name: string;
  internalNumber: string | null;
  serialNumber: string | null;
  /** The latest control date of its active controls. */
  lastControlDate: string | null;
  /** The nearest deadline of its active controls. */
  nextDeadline: string | null;
}

/**
 * The equipment of `ids` the user sees (company and VGP scope), by name; the caller compares the
 * count with what was asked (one missing is a 404, never a sheet with fewer labels).
 */
export async function loadLabelRows(db: Db, user: AuthUser, ids: number[]): Promise<LabelRow[]> {
  const scope = await loadVgpScope(db, user);
  return rowsOf(await db.query(
    `SELECT e.id, e.name, e.internal_number AS "internalNumber", e.serial_number AS "serialNumber",
            (SELECT max(c.last_control_date)::text FROM vgp_controllable c WHERE c.equipment_id = e.id AND NOT c.archived) AS "lastControlDate",
            (SELECT min(c.deadline)::text FROM vgp_controllable c WHERE c.equipment_id = e.id AND NOT c.archived) AS "nextDeadline"
       FROM equipment e WHERE e.tenant_id = $1 AND e.id = ANY($2::int[]) AND ${scopeSql(scope, 'e.hierarchy_item_id', 3)}
      ORDER BY lower(e.name), e.id`, [user.tenantId, ids, scopeParam(scope)]));
}

type QrModule = { toString(text: string, opts: { type: 'svg'; margin: number; errorCorrectionLevel: 'M' }): Promise<string> };
let qr: Promise<QrModule> | null = null;

/** The QR code of `text` as an inline SVG; `qrcode` is loaded with the first label printed, not at start. */
export async function qrSvg(text: string): Promise<string> {
  qr ??= import('qrcode').then((m) => ((m as { default?: QrModule }).default ?? m) as QrModule);
  return (await qr).toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
