import type { DataSource } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { userInTenant } from '../../../kernel/tenancy';

/** Demo project labels (the tasks and gantt parts look them up by label). */
export const DEMO_PROJECTS = {
  atex: 'Mise en conformité ATEX atelier peinture',
  tms: 'Campagne de sensibilisation TMS',
  lighting: 'Rénovation éclairage entrepôt',
} as const;

/** `YYYY-MM-DD`, `days` from today (negative: before). */
function day(days: number): string {
  const d = clock.now();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Three realistic projects of the demo company (idempotent): ATEX compliance of the paint shop
 * in progress, a musculoskeletal-disorders campaign not started, a warehouse lighting renewal
 * completed; with members (demo users looked up by username, absent ones left out), documents
 * (links) and comments; the demo safety talk on postures is linked to the campaign.
 */
export async function seedProjectDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM project WHERE tenant_id = $1 AND label = $2', [tenantId, DEMO_PROJECTS.atex]);
  if (done) return;
  const user = async (username: string): Promise<number | null> => {
    const [r] = await db.query(`SELECT u.id FROM app_user u WHERE u.username = $2 AND ${userInTenant('u', '$1')}`, [tenantId, username]);
    return r?.id ?? null;
  };
  const [claire, karim, sophie, julien] = await Promise.all(['claire.martin', 'karim.benali', 'sophie.lefebvre', 'julien.moreau'].map(user));
  const service = async (name: string): Promise<number | null> => {
    const [r] = await db.query('SELECT id FROM service WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL', [tenantId, name]);
    return r?.id ?? null;
  };
  const [production, logistique, qhse] = await Promise.all([service('Production'), service('Logistique'), service('QHSE')]);

  await db.transaction(async (m) => {
    const project = async (row: { label: string; description: string; state: string; start: string; end: string; realEnd?: string; serviceId: number | null }) => {
      const [p] = await m.query(
        `INSERT INTO project (tenant_id, label, description, state, expected_start_date, expected_end_date, real_end_date, service_id, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [tenantId, row.label, row.description, row.state, row.start, row.end, row.realEnd ?? null, row.serviceId, claire]);
      return p.id as number;
    };
    const member = async (projectId: number, userId: number | null, fn: string, manager = false, manages = false) => {
      if (userId) await m.query('INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager, manages_project, function) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, projectId, userId, manager, manages, fn]);
    };
    const doc = async (projectId: number, label: string, url: string) => {
      await m.query('INSERT INTO project_document (tenant_id, project_id, label, url, created_by_id) VALUES ($1, $2, $3, $4, $5)', [tenantId, projectId, label, url, claire]);
    };
    const comment = async (projectId: number, userId: number | null, text: string) => {
      if (userId) await m.query('INSERT INTO project_comment (tenant_id, project_id, user_id, text) VALUES ($1, $2, $3, $4)', [tenantId, projectId, userId, text]);
    };

    const atex = await project({
      label: DEMO_PROJECTS.atex, state: 'in_progress', start: day(-45), end: day(75), serviceId: production,
      description: 'Zonage ATEX de la cabine de peinture et du local de stockage des solvants, remplacement du matériel électrique non conforme et mise à jour du DRPCE.',
    });
    await member(atex, claire, 'Cheffe de projet QHSE', true, true);
    await member(atex, julien, 'Responsable production', false, true);
    await member(atex, karim, 'Électricien référent');
    await doc(atex, 'Guide INRS ED 945 – Mise en œuvre de la réglementation ATEX', 'https://www.inrs.fr/media.html?refINRS=ED%20945');
    await doc(atex, 'Plan de zonage de la cabine (version de travail)', 'https://intranet.demo-industrie.fr/qhse/atex/zonage-cabine');
    await comment(atex, claire, 'Le bureau de contrôle passe le 12 pour la vérification initiale des installations électriques en zone 1.');
    await comment(atex, julien, 'Prévoir l\'arrêt de la cabine deux jours pour le remplacement de l\'éclairage.');

    const tms = await project({
      label: DEMO_PROJECTS.tms, state: 'unstarted', start: day(14), end: day(120), serviceId: qhse,
      description: 'Sensibilisation des opérateurs de conditionnement aux troubles musculo-squelettiques : échauffements, gestes et postures, aménagement des postes.',
    });
    await member(tms, sophie, 'Responsable RH', true);
    await member(tms, claire, 'Animatrice prévention');
    await doc(tms, 'Dossier INRS – Troubles musculo-squelettiques', 'https://www.inrs.fr/risques/tms-troubles-musculosquelettiques/ce-qu-il-faut-retenir.html');
    await comment(tms, sophie, 'Les sessions auront lieu par équipe, en début de poste, 30 minutes chacune.');
    // The demo events' safety talk on postures belongs to the campaign (absent when events are off).
    await m.query('UPDATE event SET project_id = $1 WHERE tenant_id = $2 AND subject = $3 AND project_id IS NULL',
      [tms, tenantId, 'QHP : gestes et postures au poste de conditionnement']);

    const lighting = await project({
      label: DEMO_PROJECTS.lighting, state: 'completed', start: day(-200), end: day(-40), realEnd: day(-45), serviceId: logistique,
      description: 'Remplacement des luminaires sodium de l\'entrepôt par des LED avec détection de présence ; niveau d\'éclairement cible 200 lux dans les allées.',
    });
    await member(lighting, julien, 'Chef de projet', true, true);
    await member(lighting, karim, 'Suivi des travaux');
    await doc(lighting, 'Mesures d\'éclairement après travaux', 'https://intranet.demo-industrie.fr/logistique/eclairage/mesures');
    await comment(lighting, julien, 'Réception des travaux faite, 215 lux mesurés en moyenne dans les allées.');
  });
}
