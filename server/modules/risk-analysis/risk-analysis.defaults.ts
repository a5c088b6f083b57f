import type { DataSource, EntityManager } from 'typeorm';
import { NAMED_COLORS } from '../../kernel/palette';
import { defaultQuoteValue, severityFor } from './quote-matrix';
import { seedOnce } from '../../kernel/db/sql';

/** A data source or a transaction's manager: both run `query`. */
export type Db = DataSource | EntityManager;

/** The lists that receive French defaults, each seeded once per company. */
export const SEEDED_LISTS = ['severity_level', 'quote_matrix', 'risk_family', 'risk', 'preventive_measure'] as const;
export type SeededList = (typeof SEEDED_LISTS)[number];

const LEVELS = [
  { name: 'Acceptable', color: NAMED_COLORS.green, min: 1, max: 3 },
  { name: 'Modéré', color: NAMED_COLORS.yellow, min: 4, max: 7 },
  { name: 'Important', color: NAMED_COLORS.orange, min: 8, max: 11 },
  { name: 'Inacceptable', color: NAMED_COLORS.red, min: 12, max: null },
];

const CONSEQUENCES = [
  { label: 'Mineure', level: 1, human: 'Blessure légère sans arrêt de travail', environmental: 'Impact négligeable, sans rejet hors du site' },
  { label: 'Significative', level: 2, human: 'Accident avec arrêt de travail', environmental: 'Pollution limitée au site, maîtrisée rapidement' },
  { label: 'Grave', level: 3, human: 'Incapacité permanente partielle', environmental: 'Pollution hors du site, réversible' },
  { label: 'Très grave', level: 4, human: 'Décès ou incapacité permanente totale', environmental: 'Pollution durable ou irréversible' },
];

const PROBABILITIES = [
  { label: 'Improbable', level: 1, description: 'Jamais constaté dans la profession', frequency: 'Moins d\'une fois en 10 ans' },
  { label: 'Rare', level: 2, description: 'Déjà arrivé dans la profession', frequency: 'Une fois par an' },
  { label: 'Probable', level: 3, description: 'Déjà arrivé sur le site', frequency: 'Une fois par mois' },
  { label: 'Fréquent', level: 4, description: 'Se produit régulièrement', frequency: 'Une fois par semaine ou plus' },
];

const FAMILIES = ['Chute de hauteur', 'Chute de plain-pied', 'Électrique', 'Mécanique', 'Chimique', 'Incendie et explosion', 'Circulation', 'Manutention', 'Bruit et vibrations', 'Coactivité'];

/** Default risks, with their danger family. */
const RISKS: Array<[string, string]> = [
  ['Chute depuis un échafaudage ou une nacelle', 'Chute de hauteur'],
  ['Chute d\'objets depuis une zone en hauteur', 'Chute de hauteur'],
  ['Glissade ou trébuchement sur sol encombré', 'Chute de plain-pied'],
  ['Électrisation par contact direct', 'Électrique'],
  ['Arc électrique lors d\'une manœuvre', 'Électrique'],
  ['Happement par une pièce en mouvement', 'Mécanique'],
  ['Projection de produit chimique', 'Chimique'],
  ['Inhalation de vapeurs toxiques', 'Chimique'],
  ['Départ de feu lors de travaux par points chauds', 'Incendie et explosion'],
  ['Collision avec un engin de manutention', 'Circulation'],
  ['Heurt d\'un piéton par un véhicule', 'Circulation'],
  ['Lombalgie lors du port de charges', 'Manutention'],
  ['Exposition au bruit des machines', 'Bruit et vibrations'],
  ['Interférence entre entreprises sur une même zone', 'Coactivité'],
];

const MEASURES = [
  'Consignation électrique avant intervention', 'Habilitation électrique adaptée', 'Port du harnais antichute avec point d\'ancrage',
  'Garde-corps ou filets en place', 'Balisage et délimitation de la zone de travail', 'Permis de feu et surveillance après travaux',
  'Extincteur à proximité du poste', 'Consultation des fiches de données de sécurité', 'Port des EPI adaptés (gants, lunettes, masque)',
  'Plan de circulation et cheminements piétons séparés', 'Aide à la manutention (chariot, palan)', 'Protections auditives',
  'Réunion de coordination entre entreprises', 'Planning des interventions pour éviter la coactivité',
];

async function seedList(m: EntityManager, tenantId: number, list: SeededList): Promise<void> {
  switch (list) {
    case 'severity_level': {
      const [had] = await m.query('SELECT 1 FROM severity_level WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const l of LEVELS) await m.query('INSERT INTO severity_level (tenant_id, name, color, min_value, max_value) VALUES ($1, $2, $3, $4, $5)', [tenantId, l.name, l.color, l.min, l.max]);
      return;
    }
    case 'quote_matrix': {
      const [had] = await m.query('SELECT 1 FROM quote_consequence WHERE tenant_id = $1 UNION ALL SELECT 1 FROM quote_probability WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      const cons: Array<{ id: number; level: number }> = [];
      const probs: Array<{ id: number; level: number }> = [];
      for (const c of CONSEQUENCES) {
        const [r] = await m.query('INSERT INTO quote_consequence (tenant_id, label, level, human, environmental) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, c.label, c.level, c.human, c.environmental]);
        cons.push({ id: r.id, level: c.level });
      }
      for (const p of PROBABILITIES) {
        const [r] = await m.query('INSERT INTO quote_probability (tenant_id, label, level, description, frequency) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, p.label, p.level, p.description, p.frequency]);
        probs.push({ id: r.id, level: p.level });
      }
      const bands = LEVELS.map((l, i) => ({ id: i, name: l.name, color: l.color, minValue: l.min, maxValue: l.max }));
      for (const c of cons) {
        for (const p of probs) {
          const value = defaultQuoteValue(c.level, p.level);
          const band = severityFor(bands, value);
          await m.query('INSERT INTO quote (tenant_id, consequence_id, probability_id, label, value, color) VALUES ($1, $2, $3, $4, $5, $6)',
            [tenantId, c.id, p.id, `C${c.level} × P${p.level}`, value, band?.color ?? NAMED_COLORS.grey]);
        }
      }
      return;
    }
    case 'risk_family': {
      const [had] = await m.query('SELECT 1 FROM risk_family WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const label of FAMILIES) await m.query('INSERT INTO risk_family (tenant_id, label) VALUES ($1, $2)', [tenantId, label]);
      return;
    }
    case 'risk': {
      const [had] = await m.query('SELECT 1 FROM risk WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      await seedList(m, tenantId, 'risk_family');
      for (const [label, family] of RISKS) {
        await m.query(`INSERT INTO risk (tenant_id, label, family_id)
          VALUES ($1, $2, (SELECT id FROM risk_family WHERE tenant_id = $1 AND label = $3 AND deleted_at IS NULL ORDER BY id LIMIT 1))`, [tenantId, label, family]);
      }
      return;
    }
    case 'preventive_measure': {
      const [had] = await m.query('SELECT 1 FROM preventive_measure WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const label of MEASURES) await m.query('INSERT INTO preventive_measure (tenant_id, label) VALUES ($1, $2)', [tenantId, label]);
      return;
    }
  }
}

/**
 * Gives a company the French defaults of a list (a 4 x 4 quote matrix with its four severity
 * levels, danger families, risks, preventive measures) the first time the list is read, unless it
 * already had rows. The seed mark makes it once per company and list: removed defaults never come
 * back. Concurrent first reads wait on the mark's primary key.
 */
export async function ensureRiskDefaults(db: Db, tenantId: number, lists: readonly SeededList[] = SEEDED_LISTS): Promise<void> {
  const marked = new Set<string>((await db.query('SELECT kind FROM risk_analysis_seed WHERE tenant_id = $1', [tenantId])).map((r: { kind: string }) => r.kind));
  const todo = lists.filter((l) => !marked.has(l));
  if (!todo.length) return;
  for (const list of todo) await seedOnce(db, { table: 'risk_analysis_seed', column: 'kind' }, tenantId, list, (m) => seedList(m, tenantId, list));
}
