import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { addDays } from './training-dates';
import { parseParisDateTime } from './training-dates';
import { saveAttendance, findSession } from './session.service';

const THEMES = ['Sécurité', 'Électricité', 'Conduite d’engins', 'Travail en hauteur'];

const FORMATIONS: Array<{ name: string; theme: string; validity: number | null; alert?: number; authorization?: boolean; trainers: string[] }> = [
  { name: 'Sauveteur secouriste du travail (SST)', theme: 'Sécurité', validity: 24, trainers: ['Julie Marchand'] },
  { name: 'Manipulation des extincteurs', theme: 'Sécurité', validity: 12, alert: 30, trainers: ['Julie Marchand'] },
  { name: 'Habilitation électrique B1V-BR', theme: 'Électricité', validity: 36, authorization: true, trainers: ['Marc Delorme'] },
  { name: 'CACES R489 catégorie 3', theme: 'Conduite d’engins', validity: 60, authorization: true, trainers: ['Karim Benali'] },
  { name: 'Travail en hauteur et port du harnais', theme: 'Travail en hauteur', validity: 36, trainers: ['Karim Benali', 'Julie Marchand'] },
  { name: 'Accueil sécurité des nouveaux arrivants', theme: 'Sécurité', validity: null, trainers: [] },
];

const TRAINERS = [
  { name: 'Julie Marchand', company: 'Prévention Formation Rhône', email: 'j.marchand@pfr-formation.fr', phone: '04 72 10 20 30' },
  { name: 'Marc Delorme', company: 'Élec Formation', email: 'm.delorme@elec-formation.fr', phone: '04 78 55 12 40' },
  { name: 'Karim Benali', company: 'CFC Lyon Manutention', email: 'contact@cfc-lyon.fr', phone: '04 72 33 80 11' },
];

/** `YYYY-MM-DD` + `HH:mm` in Paris as a Date. */
const at = (day: string, time: string): Date => parseParisDateTime(`${day.split('-').reverse().join('/')} ${time}`)!;

/**
 * Demo of the training part: themes, formations, trainers, and sessions around today (past ones
 * with attendance, so monitoring shows valid, expiring and expired formations; upcoming ones to be
 * notified) with the demo company's employees. Runs once per company.
 */
export async function seedTrainingDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM formation_theme WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const employees: number[] = (await db.query('SELECT id FROM employee WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 12', [tenantId])).map((r: any) => r.id);
  const themes = new Map<string, number>();
  const trainers = new Map<string, number>();
  const formations = new Map<string, number>();
  await db.transaction(async (m) => {
    for (const name of THEMES) themes.set(name, (await m.query('INSERT INTO formation_theme (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, name]))[0].id);
    for (const t of TRAINERS) {
      trainers.set(t.name, (await m.query('INSERT INTO trainer (tenant_id, name, company, email, phone) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, t.name, t.company, t.email, t.phone]))[0].id);
    }
    for (const f of FORMATIONS) {
      const [row] = await m.query(`INSERT INTO formation (tenant_id, name, theme_id, validity_months, alert_days, permanent, employer_authorization)
        VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, [tenantId, f.name, themes.get(f.theme), f.validity, f.alert ?? null, f.validity === null, !!f.authorization]);
      formations.set(f.name, row.id);
      for (const tr of f.trainers) await m.query('INSERT INTO formation_trainer (formation_id, trainer_id) VALUES ($1, $2)', [row.id, trainers.get(tr)]);
    }
  });
  const today = todayIso(clock.now());
  const plan: Array<{ formation: string; trainer: string | null; day: number; days?: number; hours: number; cost: number; location: string; who: number[]; present?: number[] }> = [
    // SST obtained 23 months ago: expiring within the alert delay.
    { formation: 'Sauveteur secouriste du travail (SST)', trainer: 'Julie Marchand', day: -700, days: 1, hours: 14, cost: 1800, location: 'Salle de formation – bâtiment A', who: [0, 1, 2, 3], present: [0, 1, 2] },
    // Extinguishers 14 months ago: expired.
    { formation: 'Manipulation des extincteurs', trainer: 'Julie Marchand', day: -420, hours: 3, cost: 450, location: 'Aire d’exercice incendie', who: [4, 5, 6], present: [4, 5, 6] },
    { formation: 'Habilitation électrique B1V-BR', trainer: 'Marc Delorme', day: -90, days: 2, hours: 21, cost: 2400, location: 'Élec Formation – Vénissieux', who: [1, 7], present: [1, 7] },
    { formation: 'CACES R489 catégorie 3', trainer: 'Karim Benali', day: -30, days: 2, hours: 21, cost: 3100, location: 'CFC Lyon – Corbas', who: [2, 3, 8], present: [2, 8] },
    { formation: 'Accueil sécurité des nouveaux arrivants', trainer: null, day: -10, hours: 2, cost: 0, location: 'Salle de réunion RDC', who: [9, 10], present: [9, 10] },
    { formation: 'Travail en hauteur et port du harnais', trainer: 'Karim Benali', day: 5, hours: 7, cost: 950, location: 'Plateforme d’entraînement', who: [0, 4, 11] },
    { formation: 'Sauveteur secouriste du travail (SST)', trainer: 'Julie Marchand', day: 25, days: 1, hours: 14, cost: 1800, location: 'Salle de formation – bâtiment A', who: [3, 5, 6] },
  ];
  for (const p of plan) {
    const formationId = formations.get(p.formation)!;
    const theme = FORMATIONS.find((f) => f.name === p.formation)!.theme;
    const start = addDays(today, p.day);
    const [row] = await db.query(`INSERT INTO training_session (tenant_id, theme_id, formation_id, trainer_id, start_at, end_at, location, hours, estimated_cost)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [tenantId, themes.get(theme), formationId, p.trainer ? trainers.get(p.trainer) : null, at(start, '09:00'), at(addDays(start, p.days ?? 0), '17:00'), p.location, p.hours, p.cost]);
    const who = p.who.map((i) => employees[i]).filter((id): id is number => id !== undefined);
    for (const e of who) await db.query('INSERT INTO session_employee (tenant_id, session_id, employee_id) VALUES ($1, $2, $3)', [tenantId, row.id, e]);
    if (p.present) {
      const session = (await findSession(db, tenantId, row.id))!;
      await saveAttendance(db, tenantId, session, p.present.map((i) => employees[i]).filter((id): id is number => id !== undefined));
    }
  }
}
