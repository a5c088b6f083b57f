import type { DataSource } from 'typeorm';
import { clock, parisInstant, todayIso } from '../../../kernel/clock';

/**
 * Tours demo (after the equipment and controls demos): one round next week at 08:30 on the entity
 * holding the most active controls (none when the demo equipment has no entity), with up to five of them in deadline order, the first two
 * marked done; nothing without controls, nothing twice.
 */
export async function seedToursDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM vgp_tour WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [place] = await db.query(
    `SELECT e.hierarchy_item_id AS id FROM vgp_controllable c JOIN equipment e ON e.id = c.equipment_id
      WHERE c.tenant_id = $1 AND NOT c.archived AND NOT e.archived
      GROUP BY e.hierarchy_item_id ORDER BY e.hierarchy_item_id IS NULL, count(*) DESC, e.hierarchy_item_id LIMIT 1`, [tenantId]);
  if (!place) return;
  const controls: Array<{ id: number }> = await db.query(
    `SELECT c.id FROM vgp_controllable c JOIN equipment e ON e.id = c.equipment_id
      WHERE c.tenant_id = $1 AND NOT c.archived AND NOT e.archived AND e.hierarchy_item_id IS NOT DISTINCT FROM $2::int ORDER BY c.deadline NULLS LAST, c.id LIMIT 5`, [tenantId, place.id]);
  const [controller] = await db.query(
    `SELECT u.id FROM app_user u WHERE u.enabled AND (u.tenant_id = $1 OR u.id IN (SELECT user_id FROM user_tenant WHERE tenant_id = $1)) ORDER BY u.id LIMIT 1`, [tenantId]);
  const [y, m, d] = todayIso().split('-').map(Number);
  const nextWeek = new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    const [tour] = await tx.query('INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at, controller_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [tenantId, 'Tournée mensuelle des équipements de levage', place.id, parisInstant(nextWeek, '08:30'), controller?.id ?? null]);
    for (const [i, c] of controls.entries()) {
      await tx.query('INSERT INTO vgp_tour_control (tenant_id, tour_id, controllable_id, position, done_at) VALUES ($1, $2, $3, $4, $5)',
        [tenantId, tour.id, c.id, i + 1, i < 2 ? clock.now() : null]);
    }
  });
}
