import type { DataSource } from 'typeorm';
import { ensureRiskDefaults } from './risk-analysis.defaults';
import { createAnalysis, findAnalysis, savePhase, saveArea, saveInterference, saveOtherRisk, loadAnalysis } from './analysis.service';
import type { AnalysisSubject } from './analysis.subjects';

const TEMPLATE = 'Travaux de maintenance en site industriel';

/** Areas of the demo template: name, checked by default, responsible kind, risks and measures (labels of the defaults). */
const AREAS: Array<{ name: string; checked: boolean; kind: 'EU' | 'EE' | 'ST'; risks: string[]; measures: string[] }> = [
  { name: 'Électricité', checked: true, kind: 'EE', risks: ['Électrisation par contact direct', 'Arc électrique lors d\'une manœuvre'], measures: ['Consignation électrique avant intervention', 'Habilitation électrique adaptée'] },
  { name: 'Travail en hauteur', checked: true, kind: 'EE', risks: ['Chute depuis un échafaudage ou une nacelle', 'Chute d\'objets depuis une zone en hauteur'], measures: ['Port du harnais antichute avec point d\'ancrage', 'Garde-corps ou filets en place', 'Balisage et délimitation de la zone de travail'] },
  { name: 'Circulation', checked: false, kind: 'EU', risks: ['Collision avec un engin de manutention', 'Heurt d\'un piéton par un véhicule'], measures: ['Plan de circulation et cheminements piétons séparés'] },
  { name: 'Produits chimiques', checked: false, kind: 'EU', risks: ['Projection de produit chimique', 'Inhalation de vapeurs toxiques'], measures: ['Consultation des fiches de données de sécurité', 'Port des EPI adaptés (gants, lunettes, masque)'] },
  { name: 'Coactivité', checked: true, kind: 'EU', risks: ['Interférence entre entreprises sur une même zone'], measures: ['Réunion de coordination entre entreprises', 'Planning des interventions pour éviter la coactivité'] },
];

/** Injury types (nomenclature demo values) given to some default risks. */
const INJURIES: Array<[string, string[]]> = [
  ['Électrisation par contact direct', ['Brûlure']],
  ['Chute depuis un échafaudage ou une nacelle', ['Fracture', 'Contusion']],
  ['Projection de produit chimique', ['Brûlure', 'Corps étranger dans l\'œil']],
  ['Lombalgie lors du port de charges', ['Lumbago']],
  ['Happement par une pièce en mouvement', ['Écrasement', 'Coupure']],
];

async function idsOf(db: DataSource, tenantId: number, table: string, labels: string[]): Promise<number[]> {
  const rows = await db.query(`SELECT id FROM "${table}" WHERE tenant_id = $1 AND label = ANY($2::text[]) AND deleted_at IS NULL ORDER BY id`, [tenantId, labels]);
  return rows.map((r: { id: number }) => r.id);
}

async function seedTemplate(db: DataSource, tenantId: number): Promise<void> {
  const [exists] = await db.query('SELECT id FROM risk_analysis_template WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL', [tenantId, TEMPLATE]);
  if (exists) return;
  const docs = (await db.query(`SELECT id, label FROM document_type WHERE tenant_id = $1 AND deleted_at IS NULL AND active ORDER BY id`, [tenantId])) as Array<{ id: number; label: string }>;
  const doc = (re: RegExp) => docs.filter((d) => re.test(d.label)).map((d) => d.id).slice(0, 1);
  const [tpl] = await db.query('INSERT INTO risk_analysis_template (tenant_id, type, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, 'prevention_plan', TEMPLATE]);
  for (const [i, a] of AREAS.entries()) {
    const [area] = await db.query('INSERT INTO risk_area (tenant_id, template_id, name, position, checked_by_default, responsible_kind) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [tenantId, tpl.id, a.name, i + 1, a.checked, a.kind]);
    for (const id of await idsOf(db, tenantId, 'risk', a.risks)) await db.query('INSERT INTO risk_area_risk (area_id, risk_id, tenant_id) VALUES ($1, $2, $3)', [area.id, id, tenantId]);
    for (const id of await idsOf(db, tenantId, 'preventive_measure', a.measures)) await db.query('INSERT INTO risk_area_measure (area_id, measure_id, tenant_id) VALUES ($1, $2, $3)', [area.id, id, tenantId]);
    const needed = a.name === 'Électricité' ? doc(/habilitation/i) : a.name === 'Travail en hauteur' ? doc(/hauteur|nacelle|échafaudage/i) : [];
    for (const id of needed) await db.query('INSERT INTO risk_area_document_type (area_id, document_type_id, tenant_id) VALUES ($1, $2, $3)', [area.id, id, tenantId]);
  }
}

async function seedInjuries(db: DataSource, tenantId: number): Promise<void> {
  for (const [risk, injuries] of INJURIES) {
    const [r] = await db.query('SELECT id FROM risk WHERE tenant_id = $1 AND label = $2 AND deleted_at IS NULL', [tenantId, risk]);
    if (!r) continue;
    const [has] = await db.query('SELECT 1 FROM risk_injury_type WHERE risk_id = $1', [r.id]);
    if (has) continue;
    const items = await db.query(`SELECT id FROM nomenclature_item WHERE tenant_id = $1 AND kind = 'injury_type' AND label = ANY($2::text[]) AND deleted_at IS NULL`, [tenantId, injuries]);
    for (const i of items) await db.query('INSERT INTO risk_injury_type (risk_id, injury_type_id, tenant_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [r.id, i.id, tenantId]);
  }
}

/** Builds the analysis of a demo plan from the template: phases per company, areas stated, an interference risk and an other risk. */
async function seedPlanAnalysis(db: DataSource, tenantId: number, plan: { id: number; hierarchy_item_id: number | null }, complete: boolean): Promise<void> {
  if (await findAnalysis(db, tenantId, 'prevention_plan', plan.id)) return;
  const companies = await db.query(`SELECT id, name, kind FROM plan_company WHERE tenant_id = $1 AND plan_id = $2 ORDER BY CASE kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, id`, [tenantId, plan.id]);
  const subject: AnalysisSubject = { type: 'prevention_plan', id: plan.id, tenantId, siteId: plan.hierarchy_item_id, companies, url: () => '' };
  const [tpl] = await db.query('SELECT id FROM risk_analysis_template WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL', [tenantId, TEMPLATE]);
  const created = await createAnalysis(db, subject, tpl?.id ?? null);
  if (!created.ok) return;
  const head = (await findAnalysis(db, tenantId, 'prevention_plan', plan.id))!;
  const ee = companies.find((c: { kind: string }) => c.kind === 'EE') ?? companies[0] ?? null;
  const eu = companies.find((c: { kind: string }) => c.kind === 'EU') ?? null;
  const phases = [
    { number: 1, description: 'Installation du chantier, balisage et consignation des équipements', main: false, companyId: eu?.id ?? null, interference: false },
    { number: 2, description: 'Remplacement des moteurs et du câblage de la ligne de convoyage', main: true, companyId: ee?.id ?? null, interference: true },
    { number: 3, description: 'Essais de remise en service et repli du chantier', main: false, companyId: ee?.id ?? null, interference: true },
  ];
  const phaseIds: number[] = [];
  for (const p of phases) {
    const r = await savePhase(db, subject, head.id, null, { ...p, version: 0 });
    if (r.ok) phaseIds.push(r.id);
  }
  const view = await loadAnalysis(db, subject, head);
  for (const a of view.areas) {
    const concerned = a.concerned ?? (complete ? false : null);
    if (!complete && a.name === 'Coactivité') continue; // leaves a problem to show on the plan
    await saveArea(db, subject, head.id, a.id, { concerned, responsibleCompanyId: concerned ? a.responsibleCompanyId ?? ee?.id ?? null : null, phaseIds: concerned ? phaseIds.slice(1, 3) : [], version: a.version });
  }
  const [grave] = await db.query(`SELECT id FROM quote_consequence WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY level DESC LIMIT 1 OFFSET 1`, [tenantId]);
  const probs = await db.query(`SELECT id FROM quote_probability WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY level DESC`, [tenantId]);
  await saveInterference(db, subject, head.id, null, {
    label: 'Levage de moteurs au-dessus de la zone de câblage', phaseIds: phaseIds.slice(1, 3),
    initialConsequenceId: grave?.id ?? null, initialProbabilityId: probs[1]?.id ?? null, residualConsequenceId: grave?.id ?? null, residualProbabilityId: probs[probs.length - 1]?.id ?? null,
    measures: 'Interdiction d\'accès sous la charge, levage planifié en dehors des heures de câblage, chef de manœuvre désigné.', personInCharge: 'Chef de chantier de l\'entreprise extérieure',
    documentTypeIds: [], version: 0,
  });
  await saveOtherRisk(db, subject, head.id, null, {
    label: 'Bruit des compresseurs voisins', measures: 'Port de protections auditives dans l\'atelier.', phaseIds: complete ? phaseIds.slice(0, 2) : [], version: 0,
  });
}

/**
 * The demo company's risk analysis: the defaults (4 x 4 matrix, severity levels, families, risks,
 * measures), injury types on some risks, the template « Travaux de maintenance en site industriel »
 * and the analyses of two demo plans (one complete, one with problems left); plans are skipped
 * when the plan module has none. Idempotent.
 */
export async function seedRiskAnalysisDemo(db: DataSource, tenantId: number): Promise<void> {
  await ensureRiskDefaults(db, tenantId);
  await seedInjuries(db, tenantId);
  await seedTemplate(db, tenantId);
  const [{ ok }] = await db.query(`SELECT to_regclass('prevention_plan') IS NOT NULL AND to_regclass('plan_company') IS NOT NULL AS ok`);
  if (!ok) return;
  const plans = await db.query('SELECT id, hierarchy_item_id FROM prevention_plan WHERE tenant_id = $1 AND deleted_at IS NULL AND NOT archived ORDER BY id LIMIT 2', [tenantId]);
  for (const [i, plan] of plans.entries()) await seedPlanAnalysis(db, tenantId, plan, i === 0);
}
