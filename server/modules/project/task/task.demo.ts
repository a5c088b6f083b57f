import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { userInTenant } from '../../../kernel/tenancy';
import { parisInstant } from '../../../kernel/clock';
import { addDays } from './schedule-dates';
import { makeScheduledTasks } from './scheduled-task.service';

/** Labels of the demo projects of the core part (looked up by label; a missing one is skipped). */
const ATEX = 'Mise en conformité ATEX atelier peinture';
const TMS = 'Campagne de sensibilisation TMS';
const LIGHTING = 'Rénovation éclairage entrepôt';

interface DemoTask {
  key: string; label: string; parent?: string; from: number; to: number; who?: string; progress?: number; done?: string;
  milestone?: boolean; initial?: boolean; hours?: number; description?: string;
}

/**
 * Demo tasks of the demo projects (idempotent: a project that already has tasks is left alone):
 * a tree of tasks with progress, a milestone, tasks of the initial planning and a weekly
 * scheduled task on the ATEX project; preparation tasks on the TMS campaign; finished tasks on
 * the lighting project. Demo users are looked up by username (absent ones leave the task unassigned).
 */
export async function taskDemo(db: DataSource, tenantId: number): Promise<void> {
  const today = todayIso();
  const at = (days: number, time: string) => parisInstant(addDays(today, days), time);
  const user = async (username: string): Promise<number | null> => {
    const [r] = await db.query(`SELECT u.id FROM app_user u WHERE u.username = $2 AND ${userInTenant('u', '$1')}`, [tenantId, username]);
    return r?.id ?? null;
  };
  const users: Record<string, number | null> = {};
  for (const u of ['claire.martin', 'karim.benali', 'sophie.lefebvre', 'julien.moreau']) users[u] = await user(u);

  const seed = async (label: string, tasks: DemoTask[], schedule?: (projectId: number) => Promise<void>) => {
    const [p] = await db.query('SELECT id FROM project WHERE tenant_id = $1 AND label = $2 AND deleted_at IS NULL', [tenantId, label]);
    if (!p) return;
    const [had] = await db.query('SELECT 1 FROM project_task WHERE project_id = $1 LIMIT 1', [p.id]);
    if (had) return;
    const members: Array<{ user_id: number }> = await db.query('SELECT user_id FROM project_member WHERE project_id = $1', [p.id]);
    const isMember = (id: number | null) => id !== null && members.some((m) => m.user_id === id);
    const ids = new Map<string, number>();
    await db.transaction(async (m) => {
      for (const t of tasks) {
        const start = at(t.from, '08:00');
        const end = t.milestone ? start : at(t.to, '17:00');
        const assignee = t.who && isMember(users[t.who]) ? users[t.who] : null;
        const progress = t.done ? 100 : t.milestone ? 0 : (t.progress ?? 0);
        const state = t.done ? 'done' : progress > 0 ? 'in_progress' : 'todo';
        const [r] = await m.query(
          `INSERT INTO project_task (tenant_id, project_id, parent_id, label, description, start_at, end_at, hour_estimation, progress, state, assignee_id,
             is_milestone, is_initial_planning, initial_start_at, initial_end_at, done_at, done_comment, created_by_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
          [tenantId, p.id, t.parent ? ids.get(t.parent) ?? null : null, t.label, t.description ?? null, start, end, t.hours ?? null, progress, state, assignee,
            !!t.milestone, !!t.initial, t.initial ? start : null, t.initial ? end : null, t.done ? end : null, t.done ?? null, users['claire.martin']]);
        ids.set(t.key, r.id);
      }
    });
    if (schedule) await schedule(p.id);
  };

  await seed(ATEX, [
    { key: 'zoning', label: 'Zonage ATEX de la cabine de peinture', from: -40, to: 10, who: 'claire.martin', progress: 60, initial: true, hours: 24,
      description: 'Définir les zones 1 et 2 autour de la cabine et du local solvants, selon le guide INRS ED 945.' },
    { key: 'sources', parent: 'zoning', label: 'Relevé des sources de dégagement', from: -40, to: -25, who: 'claire.martin', done: 'Relevé fait avec le chef d\'atelier.', hours: 8 },
    { key: 'plan', parent: 'zoning', label: 'Plan de zonage validé par la direction', from: -20, to: 10, who: 'julien.moreau', progress: 40, hours: 4 },
    { key: 'equipment', label: 'Remplacement du matériel électrique non conforme', from: 12, to: 40, who: 'karim.benali', initial: true, hours: 56,
      description: 'Luminaires, prises et moteurs de la cabine remplacés par du matériel certifié ATEX catégorie 2G.' },
    { key: 'check', label: 'Vérification initiale par le bureau de contrôle', from: 45, to: 45, milestone: true },
    { key: 'drpce', label: 'Mise à jour du DRPCE', from: 46, to: 70, who: 'claire.martin', hours: 12 },
  ], async (projectId) => {
    const karim = users['karim.benali'];
    const [sched] = await db.query(
      `INSERT INTO project_scheduled_task (tenant_id, project_id, label, description, assignee_id, hour_estimation, duration_days, every, unit, start_date, end_date, next_date)
       VALUES ($1, $2, $3, $4, $5, 1, 1, 1, 'week', $6, $7, $6) RETURNING id`,
      [tenantId, projectId, 'Contrôle hebdomadaire de l\'extraction de la cabine', 'Vérifier le débit d\'extraction et l\'état des filtres.',
        isMemberOf(await db.query('SELECT user_id FROM project_member WHERE project_id = $1', [projectId]), karim) ? karim : null,
        addDays(today, -21), addDays(today, 75)]);
    await makeScheduledTasks(db, { scheduleIds: [sched.id] });
  });

  await seed(TMS, [
    { key: 'kit', label: 'Préparer le support de sensibilisation', from: 14, to: 28, who: 'claire.martin', hours: 16, initial: true },
    { key: 'sessions', label: 'Sessions par équipe en début de poste', from: 30, to: 90, who: 'sophie.lefebvre', hours: 20 },
    { key: 'morning', parent: 'sessions', label: 'Équipe du matin', from: 30, to: 45, who: 'sophie.lefebvre', hours: 10 },
    { key: 'afternoon', parent: 'sessions', label: 'Équipe d\'après-midi', from: 50, to: 65, who: 'sophie.lefebvre', hours: 10 },
    { key: 'review', label: 'Bilan de la campagne', from: 115, to: 115, milestone: true },
  ]);

  await seed(LIGHTING, [
    { key: 'study', label: 'Étude d\'éclairement', from: -200, to: -180, who: 'julien.moreau', done: 'Étude remise par le bureau d\'études.', hours: 16 },
    { key: 'works', label: 'Travaux de remplacement des luminaires', from: -150, to: -60, who: 'karim.benali', done: 'Travaux terminés sans accident.', hours: 120 },
    { key: 'reception', label: 'Réception des travaux', from: -45, to: -45, milestone: true, done: '215 lux mesurés en moyenne.' },
  ]);
}

const isMemberOf = (rows: Array<{ user_id: number }>, id: number | null) => id !== null && rows.some((r) => r.user_id === id);
