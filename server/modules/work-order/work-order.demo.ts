import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { demoSignatureImage, addDaysIso } from '../prevention-plan';
import { USER_NAME_SQL } from '../zone-map/plan-zone-owner';
import { recordHistory } from '../../kernel/history/history.service';
import { WORK_ORDER_SUBJECT } from './work-order.service';
import { waitingRoleOf } from './work-order.workflow';

/** The demo work orders of PDP-DEMO-0006 (in operation): [state, start, end (days from today), nature, hours, atex zone]. */
const ORDERS: Array<[string, number, number, string, string, string]> = [
  ['in_operation', 0, 2, 'Remplacement des ressorts de la porte sectionnelle du quai 4', '8h30 – 12h00', 'none'],
  ['waiting_sign', 3, 4, 'Réglage des niveleurs de quai 7 à 9', '8h30 – 12h00', 'none'],
  ['draft', 7, 8, 'Contrôle annuel des portes coupe-feu de la cellule 2', '13h30 – 17h00', '2'],
];

/**
 * Demo: three work orders on the plan in operation PDP-DEMO-0006 (one in operation with its start
 * signatures and a zone on the warehouse plan, one awaiting the ordering customer's signature, one
 * draft). Once per company.
 */
export async function seedWorkOrderDemo(db: DataSource, tenantId: number): Promise<void> {
  const [plan] = await db.query(
    `SELECT p.id, p.ordering_customer_id, p.sector_id, (SELECT pc.id FROM plan_company pc WHERE pc.plan_id = p.id AND pc.kind IN ('EE', 'ST') ORDER BY pc.id LIMIT 1) AS company_id,
            (SELECT NULLIF(trim(coalesce(pc.first_name, '') || ' ' || coalesce(pc.last_name, '')), '') FROM plan_company pc WHERE pc.plan_id = p.id AND pc.kind IN ('EE', 'ST') ORDER BY pc.id LIMIT 1) AS contact,
            ${USER_NAME_SQL('u')} AS customer
       FROM prevention_plan p LEFT JOIN app_user u ON u.id = p.ordering_customer_id WHERE p.tenant_id = $1 AND p.pdp_number = 'PDP-DEMO-0006' AND p.deleted_at IS NULL`, [tenantId]);
  if (!plan?.company_id) return;
  const [done] = await db.query('SELECT 1 FROM work_order WHERE tenant_id = $1 AND plan_id = $2 LIMIT 1', [tenantId, plan.id]);
  if (done) return;
  const today = todayIso();
  const year = today.slice(0, 4);
  await db.transaction(async (m) => {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM work_order WHERE tenant_id = $1 AND number LIKE $2`, [tenantId, `BT-${year}-%`]);
    for (const [i, [state, start, end, nature, hours, atex]] of ORDERS.entries()) {
      const signed = state === 'in_operation' ? ['start:ordering_customer', 'start:contact'] : [];
      const [wo] = await m.query(
        `INSERT INTO work_order (tenant_id, plan_id, number, state, waiting_role, start_date, end_date, hours, plan_company_id, sector_id, participants, atex_zone, nature, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Deux techniciens de maintenance', $11, $12, $13) RETURNING id`,
        [tenantId, plan.id, `BT-${year}-${String(Number(n) + i + 1).padStart(4, '0')}`, state, waitingRoleOf(state, signed), addDaysIso(today, start), addDaysIso(today, end),
          hours, plan.company_id, plan.sector_id, atex, nature, plan.ordering_customer_id]);
      await recordHistory(m, { tenantId, subjectType: WORK_ORDER_SUBJECT, subjectId: wo.id, workflow: 'work_order', transition: 'created', to: 'draft', userId: plan.ordering_customer_id });
      if (state !== 'in_operation') continue;
      for (const [k, role] of ['ordering_customer', 'contact'].entries()) {
        await m.query(
          `INSERT INTO work_order_signature (tenant_id, work_order_id, moment, signer_role, user_id, signer_name, image, signed_at)
           VALUES ($1, $2, 'start', $3, $4, $5, $6, $7)`,
          [tenantId, wo.id, role, role === 'ordering_customer' ? plan.ordering_customer_id : null, role === 'contact' ? plan.contact ?? 'Contact' : plan.customer ?? 'Donneur d\'ordre', demoSignatureImage(40 + k), clock.now()]);
      }
      if (plan.sector_id) {
        await m.query(`INSERT INTO map_zone (tenant_id, owner_type, owner_id, sector_id, type, data) VALUES ($1, 'work_order', $2, $3, 'circle', $4)`,
          [tenantId, wo.id, plan.sector_id, JSON.stringify({ lat: 200, lng: 600, radius: 35 })]);
      }
    }
  });
}
