import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { loadAuthUser } from '../../../kernel/auth/load-user';
import { userInTenant } from '../../../kernel/tenancy';
import { addDaysIso, addMonthsIso } from './health-dates';
import { syncEmployee } from './medical-checkup.service';
import { createAnalysis, findWorkInterruption } from './work-interruption.service';

const CHECKUP_TYPES = [
  { name: 'Visite d\'information et de prévention (VIP)', months: 60, alert: null },
  { name: 'Suivi individuel renforcé (SIR)', months: 24, alert: 45 },
  { name: 'Visite périodique travail de nuit', months: 36, alert: null },
];
const ACCIDENT_TYPES = ['Chute de plain-pied', 'Chute de hauteur', 'Manutention manuelle', 'Coupure par outil', 'Heurt par un engin', 'Projection de particules'];

/**
 * Health demo of a company (after the employees' demo): check-up types and check-ups (one overdue,
 * one due soon), accident types, five work accidents over the last 14 months (with and without
 * stoppage, the most recent one with its accident analysis) and a sick leave. Idempotent per company.
 */
export async function seedHealthDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM accident_type WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const employees: Array<{ id: number; matricule: string }> = await db.query('SELECT id, matricule FROM employee WHERE tenant_id = $1 AND deleted_at IS NULL AND matricule IS NOT NULL', [tenantId]);
  const emp = (matricule: string) => employees.find((e) => e.matricule === matricule)?.id ?? null;
  const today = todayIso();
  const monthsAgo = (n: number, days = 0) => addDaysIso(addMonthsIso(today, -n), -days);

  const types: number[] = [];
  for (const t of CHECKUP_TYPES) {
    const [r] = await db.query('INSERT INTO medical_checkup_type (tenant_id, name, frequency_months, alert_days) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, t.name, t.months, t.alert]);
    types.push(r.id);
  }
  const accidentTypes: Record<string, number> = {};
  for (const name of ACCIDENT_TYPES) {
    const [r] = await db.query('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, name]);
    accidentTypes[name] = r.id;
  }

  // [matricule, type index, months ago, extra days ago]: S0003 overdue, S0004 due soon, the others up to date.
  const checkups: Array<[string, number, number, number]> = [
    ['S0001', 0, 30, 0], ['S0002', 0, 14, 3], ['S0003', 1, 25, 10], ['S0004', 1, 23, 10], ['S0005', 2, 8, 0],
    ['S0006', 2, 20, 5], ['S0007', 1, 6, 0], ['S0009', 0, 40, 0], ['S0011', 0, 3, 12], ['S0012', 2, 11, 0],
  ];
  for (const [matricule, typeIndex, months, days] of checkups) {
    const employeeId = emp(matricule);
    if (!employeeId) continue;
    const date = monthsAgo(months, days);
    await db.query(`INSERT INTO employee_medical_checkup (tenant_id, employee_id, type_id, checkup_date, next_date, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
      [tenantId, employeeId, types[typeIndex], date, addMonthsIso(date, CHECKUP_TYPES[typeIndex].months), matricule === 'S0003' ? 'Apte, à revoir pour le port de charges.' : null]);
    await syncEmployee(db, tenantId, employeeId);
  }

  const interruptions: Array<{ m: string; type: string; accident?: string; start?: string; end?: string | null; severity?: string; kind?: string; cause?: string; comment?: string; substitute?: string }> = [
    { m: 'S0004', type: 'WORK_ACCIDENT', accident: monthsAgo(13, 4), start: monthsAgo(13, 3), end: addDaysIso(monthsAgo(13, 3), 11), severity: 'moderate', kind: 'Manutention manuelle',
      cause: 'Port d\'un carton de 25 kg sans aide à la manutention.', substitute: 'Intérimaire cariste' },
    { m: 'S0005', type: 'WORK_ACCIDENT', accident: monthsAgo(9, 2), start: monthsAgo(9, 1), end: addDaysIso(monthsAgo(9, 1), 4), severity: 'minor', kind: 'Chute de plain-pied',
      cause: 'Sol glissant près de la ligne 3 (fuite d\'huile).' },
    { m: 'S0007', type: 'WORK_ACCIDENT', accident: monthsAgo(5, 6), start: monthsAgo(5, 6), end: addDaysIso(monthsAgo(5, 6), 33), severity: 'serious', kind: 'Chute de hauteur',
      cause: 'Chute d\'un escabeau lors du remplacement d\'un luminaire.', substitute: 'Julien Moreau (intérim de poste)' },
    { m: 'S0010', type: 'WORK_ACCIDENT', accident: monthsAgo(2, 9), severity: 'minor', kind: 'Manutention manuelle', comment: 'Douleur lombaire, soins sur place, pas d\'arrêt.' },
    { m: 'S0011', type: 'WORK_ACCIDENT', accident: addDaysIso(today, -6), severity: 'minor', kind: 'Coupure par outil',
      cause: 'Plaquette de coupe manipulée sans gants anti-coupure.', comment: 'Soins sur place par le sauveteur secouriste du travail.' },
    { m: 'S0006', type: 'SICK_LEAVE', start: addDaysIso(today, -20), end: addDaysIso(today, -11), comment: 'Arrêt maladie.' },
  ];
  let analysed: number | null = null;
  for (const i of interruptions) {
    const employeeId = emp(i.m);
    if (!employeeId) continue;
    const [r] = await db.query(
      `INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date, interruption_start_date, interruption_end_date, severity, substitute_position, accident_type_id, comment, cause)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [tenantId, employeeId, i.type, i.accident ?? null, i.start ?? null, i.end ?? null, i.severity ?? null, i.substitute ?? null, i.kind ? accidentTypes[i.kind] : null, i.comment ?? null, i.cause ?? null]);
    if (i.m === 'S0011') analysed = r.id;
  }
  if (analysed) await seedAnalysis(db, tenantId, analysed);
}

/** Links the recent cut to the events demo's accident analysis of that day, or creates one (as claire.martin in the demo). */
async function seedAnalysis(db: DataSource, tenantId: number, interruptionId: number): Promise<void> {
  const [event] = await db.query(
    `SELECT ev.id FROM event ev WHERE ev.tenant_id = $1 AND ev.kind = 'at' AND ev.deleted_at IS NULL AND ev.subject LIKE 'Coupure à la main%'
        AND NOT EXISTS (SELECT 1 FROM work_interruption w WHERE w.event_id = ev.id) ORDER BY ev.id LIMIT 1`, [tenantId]);
  if (event) {
    await db.query('UPDATE work_interruption SET event_id = $1 WHERE id = $2 AND tenant_id = $3', [event.id, interruptionId, tenantId]);
    return;
  }
  // The QHSE manager of the demo, else the company's first account.
  const [author] = await db.query(
    `SELECT u.id FROM app_user u WHERE u.enabled AND ${userInTenant('u', '$1')} ORDER BY (u.username = 'claire.martin') DESC, u.id LIMIT 1`, [tenantId]);
  const loaded = author ? await loadAuthUser(db, author.id, tenantId) : null;
  if (!loaded || loaded.tenantId !== tenantId) return;
  // The demo sees every employee, whatever the author's own HR scope.
  const user = { ...loaded, rights: new Set([...loaded.rights, 'hr.view_all']) };
  const row = await findWorkInterruption(db, user, interruptionId);
  if (row) await createAnalysis(db, user, row, `Analyse de l'accident de ${row.employeeName}`);
}
