import type { DataSource } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { recordHistory } from '../../../kernel/history/history.service';
import { demoSignatureImage } from '../../prevention-plan';
import { SLIP_STATES, type SlipState } from '../core/lockout-slip.entity';
import { SLIP_SUBJECT } from '../core/lockout-slip.workflow';

/** One demo slip per state: machine code, subject, the state, two workers. */
const SLIPS: Array<[string, string, SlipState, [string, string]]> = [
  ['PRS-01', 'Remplacement du vérin principal', 'draft', ['Karim Benali', 'Julie Martin']],
  ['CNV-02', 'Changement de la bande transporteuse', 'awaiting_consignment', ['Paul Girard', 'Sophie Laurent']],
  ['PRS-01', 'Graissage et contrôle des glissières', 'consigned', ['Marc Dubois', 'Nadia Haddad']],
  ['CMP-03', 'Vidange et remplacement des filtres', 'end_works', ['Thomas Petit', 'Léa Moreau']],
  ['CNV-02', 'Réglage de l\'alignement du tambour', 'deconsigned', ['Hugo Lefèvre', 'Inès Garnier']],
];

/**
 * Demo slips, one in every state of the workflow, on the demo machines: staff signed from
 * « en attente » on, isolation points checked and padlocks on while consigned, padlocks off and
 * points removed after; the history tells the path. The first one is linked to a demo plan, and
 * a demo work order names its machine.
 */
export async function seedSlipsDemo(db: DataSource, tenantId: number): Promise<void> {
  const [seeded] = await db.query('SELECT 1 FROM lockout_slip WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (seeded) return;
  const [officer] = await db.query('SELECT id FROM app_user WHERE tenant_id = $1 AND enabled ORDER BY id LIMIT 1', [tenantId]);
  const [plan] = await db.query('SELECT id, ordering_customer_id FROM prevention_plan WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId]);
  const year = clock.now().getUTCFullYear();
  const now = clock.now();
  await db.transaction(async (m) => {
    for (const [i, [code, subject, state, workers]] of SLIPS.entries()) {
      const [machine] = await m.query('SELECT id FROM lockout_machine WHERE tenant_id = $1 AND code = $2', [tenantId, code]);
      if (!machine) continue;
      const day = new Date(now.getTime() + (i - 2) * 86_400_000).toISOString().slice(0, 10);
      const [slip] = await m.query(
        `INSERT INTO lockout_slip (tenant_id, number, machine_id, officer_id, work_manager_id, subject, start_date, end_date, plan_id, ordering_customer_id, state, created_by_id)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $6, $7, $8, $9, $4) RETURNING id`,
        [tenantId, `CONS-${year}-${String(i + 1).padStart(4, '0')}`, machine.id, officer?.id ?? null, subject, day, i === 0 ? plan?.id ?? null : null, i === 0 ? plan?.ordering_customer_id ?? null : null, state]);
      const reached = SLIP_STATES.indexOf(state);
      const signed = reached >= 1;
      const padlock = state === 'consigned' ? 'on' : reached >= 3 ? 'off' : 'none';
      for (const [k, name] of workers.entries()) {
        await m.query(
          `INSERT INTO lockout_staff (tenant_id, slip_id, name, company, padlock, padlock_at, signature_image, signer_name, signed_at)
           VALUES ($1, $2, $3, 'Maintenance Services Industriels', $4, $5, $6, $7, $8)`,
          [tenantId, slip.id, name, padlock, padlock === 'none' ? null : now, signed ? demoSignatureImage(i * 2 + k + 1) : null, signed ? name : null, signed ? now : null]);
      }
      if (state === 'consigned' || state === 'end_works') {
        await m.query(`INSERT INTO lockout_check (tenant_id, slip_id, point_id, done, done_by_id, done_at) SELECT $1, $2, p.id, true, $3, $4 FROM lockout_point p WHERE p.machine_id = $5`,
          [tenantId, slip.id, officer?.id ?? null, now, machine.id]);
      }
      const path = SLIP_STATES.slice(0, reached + 1);
      const transitions = ['await', 'consign', 'end', 'deconsign'];
      await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: 'create', to: 'draft', userId: officer?.id ?? null });
      for (let s = 1; s < path.length; s++) {
        await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, workflow: 'lockout_slip', transition: transitions[s - 1], from: path[s - 1], to: path[s], userId: officer?.id ?? null });
      }
    }
    // One demo work order is done on the consigned press: the work order shows its machine and
    // the machine's page lists the work order.
    await m.query(`UPDATE work_order SET machine_id = (SELECT id FROM lockout_machine WHERE tenant_id = $1 AND code = 'PRS-01')
      WHERE id = (SELECT id FROM work_order WHERE tenant_id = $1 AND machine_id IS NULL ORDER BY (state = 'in_operation') DESC, id LIMIT 1)`, [tenantId]);
  });
}
