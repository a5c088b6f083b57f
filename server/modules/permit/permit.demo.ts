import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { parisInstant } from '../../kernel/clock';
import { createPermit } from './permit.service';
import type { PermitInput } from './permit.schema';
import { permitType } from './permit-types';

const input = (description: string, managerId: number, extra: Partial<PermitInput> = {}): PermitInput => ({
  description, startDate: '', startTime: '', endDate: '', endTime: '', sectorId: null, machineId: null, workOrderId: null, managerId,
  supervisorIds: [], supervisorStaffIds: [], supervisorNames: ['Karim Haddad'], workerIds: [], workerStaffIds: [], workerNames: ['Luc Durand', 'Anne Petit'],
  postSupervisorIds: [managerId], postSupervisorStaffIds: [], postSupervisorNames: [],
  version: 0, ...extra,
});

/**
 * The demo company's permits, on the plan in operation "PDP-DEMO-0006" (sectional doors): today's fire
 * permit (08:00 – 17:00) and a height work permit, both drafts whose steps the visitor may do.
 * Idempotent: nothing when the plan already has permits or is not there.
 */
export async function seedPermitDemo(db: DataSource, tenantId: number): Promise<void> {
  const [plan] = await db.query(
    `SELECT id, ordering_customer_id AS "customerId", sector_id AS "sectorId" FROM prevention_plan WHERE tenant_id = $1 AND pdp_number = 'PDP-DEMO-0006'`, [tenantId]);
  if (!plan) return;
  const [has] = await db.query('SELECT 1 FROM permit WHERE tenant_id = $1 AND plan_id = $2 LIMIT 1', [tenantId, plan.id]);
  if (has) return;
  const day = todayIso(clock.now());
  const base = { tenantId, userId: Number(plan.customerId), planId: Number(plan.id), startAt: parisInstant(day, '08:00'), endAt: parisInstant(day, '17:00'), sectorId: plan.sectorId ?? null };
  const extra = { sectorId: plan.sectorId ?? null };
  await createPermit(db, { ...base, type: permitType('fire')!, input: input('Meulage et soudure des rails de la porte sectionnelle du quai 2', Number(plan.customerId), extra) });
  await createPermit(db, { ...base, type: permitType('height_work')!, input: input('Remplacement du moteur de la porte du quai 5 en nacelle à 4 m', Number(plan.customerId), extra) });
}
