import type { EntityManager } from 'typeorm';
import { seedOnce, type Db } from '../../../kernel/db/sql';

type Constraint = [label: string, unit: string, threshold: number];

/**
 * The six factors of the compte professionnel de prévention (C2P) and their thresholds, Code du
 * travail art. D4163-2 (décret 2017-1769): an exposure counts once it reaches the threshold
 * (« au moins »), after the collective and individual protections are taken into account.
 */
export const C2P_FACTORS: Array<[label: string, constraints: Constraint[]]> = [
  ['Activités exercées en milieu hyperbare', [
    ['Interventions ou travaux à une pression relative supérieure à 1 200 hectopascals', 'interventions ou travaux par an', 60]]],
  ['Températures extrêmes', [
    ['Température inférieure ou égale à 5 degrés Celsius ou au moins égale à 30 degrés Celsius', 'heures par an', 900]]],
  ['Bruit', [
    ['Niveau d\'exposition au bruit rapporté à une période de référence de huit heures d\'au moins 81 décibels (A)', 'heures par an', 600],
    ['Exposition à un niveau de pression acoustique de crête au moins égal à 135 décibels (C)', 'fois par an', 120]]],
  ['Travail de nuit', [
    ['Une heure de travail au moins entre 24 heures et 5 heures', 'nuits par an', 120]]],
  ['Travail en équipes successives alternantes', [
    ['Travail en équipes successives alternantes impliquant au minimum une heure de travail entre 24 heures et 5 heures', 'nuits par an', 50]]],
  ['Travail répétitif', [
    ['Répétition d\'un même geste, à une cadence contrainte : temps de cycle inférieur ou égal à 30 secondes avec 15 actions techniques ou plus, ou temps de cycle supérieur à 30 secondes, variable ou absent avec 30 actions techniques ou plus par minute', 'heures par an', 900]]],
];

async function seed(m: EntityManager, tenantId: number): Promise<void> {
  for (const [label, constraints] of C2P_FACTORS) {
    const [c] = await m.query('INSERT INTO du_arduousness_criterion (tenant_id, label) VALUES ($1, $2) RETURNING id', [tenantId, label]);
    for (const [text, unit, threshold] of constraints) {
      await m.query('INSERT INTO du_arduousness_constraint (tenant_id, criterion_id, label, unit, threshold) VALUES ($1, $2, $3, $4, $5)', [tenantId, c.id, text, unit, threshold]);
    }
  }
}

/** Gives the company the six C2P factors once (its first read of the criteria); removed ones never come back. */
export function ensureArduousnessDefaults(db: Db, tenantId: number): Promise<void> {
  return seedOnce(db, { table: 'du_seed', column: 'list' }, tenantId, 'arduousness_criterion', (m) => seed(m, tenantId));
}
