import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';
import { userInTenant } from '../../../kernel/tenancy';
import { nextDeadline, type FrequencyUnit } from '../core/deadline';
import { PRESETS } from '../core/presets';

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last control date that puts the deadline about `offset` days from today (negative: overdue). */
function lastFor(today: string, frequency: number, unit: FrequencyUnit, offset: number): string {
  return addDays(nextDeadline(today, -frequency, unit), offset);
}

/**
 * Demo controls: one per demo equipment (the catalogue, forms and equipment demos ran before; rows
 * found by SQL), a second internal check on every third one; operated by the company's users who
 * see controls; deadlines spread so that some are overdue, some due within 30 days, some up to date,
 * some not planned. An equipment that already has a control is left alone (idempotent).
 */
export async function seedControlsDemo(db: DataSource, tenantId: number): Promise<void> {
  const equipment: Array<{ id: number; name: string; category_id: number | null; preset: string | null; family_id: number | null }> = await db.query(
    `SELECT e.id, e.name, e.category_id, cat.preset,
            (SELECT f.id FROM equipment_family f WHERE f.category_id = e.category_id AND f.tenant_id = e.tenant_id ORDER BY f.id LIMIT 1) AS family_id
       FROM equipment e LEFT JOIN equipment_category cat ON cat.id = e.category_id
      WHERE e.tenant_id = $1 AND NOT e.archived AND NOT EXISTS (SELECT 1 FROM vgp_controllable c WHERE c.equipment_id = e.id)
      ORDER BY e.id`, [tenantId]);
  if (!equipment.length) return;
  let operators: Array<{ id: number }> = await db.query(
    `SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled AND ${holdsRightSql('u', '$1', 'vgp.controls_view', 'excluded')} ORDER BY u.id`, [tenantId]);
  if (!operators.length) operators = await db.query(`SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY u.id LIMIT 3`, [tenantId]);
  const [form] = await db.query(`SELECT id FROM questionnaire WHERE tenant_id = $1 AND owner_type = 'vgp_form' AND deleted_at IS NULL ORDER BY id LIMIT 1`, [tenantId]);
  const types: Array<{ id: number; auto_plan: boolean }> = await db.query('SELECT id, auto_plan FROM equipment_type WHERE tenant_id = $1 ORDER BY id', [tenantId]);
  const today = todayIso();
  const insert = (e: (typeof equipment)[number], i: number, c: { name: string; frequency: number; unit: FrequencyUnit; preset: string | null; last: string | null; deadline: string | null; planned: string | null; typeId: number | null }) =>
    db.query(
      `INSERT INTO vgp_controllable (tenant_id, name, equipment_id, category_id, family_id, type_id, frequency, frequency_unit, preset, operator_id,
                                     deadline, planned_date, last_control_date, form_id, owned_by_client, park_number, owner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, FALSE, $15, $16)`,
      [tenantId, c.name, e.id, e.category_id, e.family_id, c.typeId, c.frequency, c.unit, c.preset, operators.length ? operators[i % operators.length].id : null,
        c.deadline, c.planned, c.last, form?.id ?? null, `P-${String(e.id).padStart(4, '0')}`, null]);
  for (const [i, e] of equipment.entries()) {
    const preset = e.preset && PRESETS[e.preset] ? e.preset : null;
    const { frequency, unit } = preset ? PRESETS[preset] : { frequency: 12, unit: 'month' as FrequencyUnit };
    // Overdue by about 20 days, due in about 15 days (planned in a week), done 10 or 40 days ago.
    const last = [lastFor(today, frequency, unit, -20), lastFor(today, frequency, unit, 15), addDays(today, -10), addDays(today, -40)][i % 4];
    const deadline = nextDeadline(last, frequency, unit);
    const planned = i % 4 === 1 ? addDays(today, 7) : null;
    await insert(e, i, { name: `VGP ${e.name}`, frequency, unit, preset, last, deadline, planned, typeId: types.find((t) => t.auto_plan)?.id ?? null });
    if (i % 3 === 0) {
      // A first internal check, not yet done: a typed deadline, or none (not planned).
      await insert(e, i + 1, { name: `Contrôle interne ${e.name}`, frequency: 3, unit: 'month', preset: null, last: null, deadline: i % 2 === 0 ? addDays(today, 30 + i) : null, planned: null, typeId: types.find((t) => !t.auto_plan)?.id ?? null });
    }
  }
}
