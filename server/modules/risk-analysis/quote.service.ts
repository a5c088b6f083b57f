import type { DataSource } from 'typeorm';
import { ensureRiskDefaults, type Db } from './risk-analysis.defaults';
import { rate, type QuoteCell, type Rating, type SeverityBand } from './quote-matrix';
import type { QuoteInput } from './catalogue.schema';
import type { SaveResult } from './catalogue.service';

/** A consequence or probability as the matrix shows it. */
export interface MatrixAxis { id: number; label: string; level: number; human?: string | null; environmental?: string | null; description?: string | null; frequency?: string | null }

/** The company's quote matrix: consequences (columns), probabilities (rows), the filled cells and the severity levels. */
export interface QuoteMatrix {
  consequences: MatrixAxis[];
  probabilities: MatrixAxis[];
  quotes: QuoteCell[];
  levels: SeverityBand[];
}

/** Loads the matrix (defaults seeded first); cells of a trashed consequence or probability are left out. */
export async function loadMatrix(db: Db, tenantId: number): Promise<QuoteMatrix> {
  await ensureRiskDefaults(db, tenantId, ['severity_level', 'quote_matrix']);
  const [consequences, probabilities, quotes, levels] = await Promise.all([
    db.query('SELECT id, label, level, human, environmental FROM quote_consequence WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY level, lower(label), id', [tenantId]),
    db.query('SELECT id, label, level, description, frequency FROM quote_probability WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY level DESC, lower(label), id', [tenantId]),
    db.query(`SELECT q.id, q.consequence_id AS "consequenceId", q.probability_id AS "probabilityId", q.label, q.value, q.color
                FROM quote q JOIN quote_consequence c ON c.id = q.consequence_id AND c.deleted_at IS NULL
                JOIN quote_probability p ON p.id = q.probability_id AND p.deleted_at IS NULL WHERE q.tenant_id = $1`, [tenantId]),
    db.query('SELECT id, name, color, min_value AS "minValue", max_value AS "maxValue" FROM severity_level WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY min_value, id', [tenantId]),
  ]);
  return { consequences, probabilities, quotes, levels };
}

/** Rates a consequence x probability pair against a loaded matrix (see quote-matrix.ts). */
export function rateIn(matrix: QuoteMatrix, consequenceId: number | null, probabilityId: number | null): Rating | null {
  return rate(matrix.quotes, matrix.levels, consequenceId, probabilityId);
}

/** One cell of the company with its two axes, or null. */
export async function findQuote(db: Db, tenantId: number, id: number): Promise<(QuoteCell & { version: number; consequenceLabel: string; probabilityLabel: string }) | null> {
  const [q] = await db.query(
    `SELECT q.id, q.consequence_id AS "consequenceId", q.probability_id AS "probabilityId", q.label, q.value, q.color, q.version,
            c.label AS "consequenceLabel", p.label AS "probabilityLabel"
       FROM quote q JOIN quote_consequence c ON c.id = q.consequence_id JOIN quote_probability p ON p.id = q.probability_id
      WHERE q.id = $1 AND q.tenant_id = $2 AND c.deleted_at IS NULL AND p.deleted_at IS NULL`, [id, tenantId]);
  return q ?? null;
}

/** The consequence and probability of the company (not in the trash) a new cell is for, or null. */
export async function findAxes(db: Db, tenantId: number, consequenceId: number, probabilityId: number): Promise<{ consequence: MatrixAxis; probability: MatrixAxis; existingId: number | null } | null> {
  const [c] = await db.query('SELECT id, label, level FROM quote_consequence WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [consequenceId, tenantId]);
  const [p] = await db.query('SELECT id, label, level FROM quote_probability WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [probabilityId, tenantId]);
  if (!c || !p) return null;
  const [q] = await db.query('SELECT id FROM quote WHERE consequence_id = $1 AND probability_id = $2', [consequenceId, probabilityId]);
  return { consequence: c, probability: p, existingId: q?.id ?? null };
}

/**
 * Fills a cell (id null, for the pair given) or edits one (optimistic lock). A pair holds one quote:
 * adding where one already exists (two admins at once) is stale.
 */
export async function saveQuote(db: DataSource, tenantId: number, id: number | null, pair: { consequenceId: number; probabilityId: number } | null, input: QuoteInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO quote (tenant_id, consequence_id, probability_id, label, value, color) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (consequence_id, probability_id) DO NOTHING RETURNING id`,
        [tenantId, pair!.consequenceId, pair!.probabilityId, input.label, input.value, input.color]);
      return row ? { ok: true, id: row.id } : { ok: false, stale: true };
    }
    const updated = await m.query(
      'UPDATE quote SET label = $1, value = $2, color = $3, version = version + 1, updated_at = now() WHERE id = $4 AND tenant_id = $5 AND version = $6 RETURNING id',
      [input.label, input.value, input.color, id, tenantId, input.version]);
    const rows = Array.isArray(updated[0]) ? updated[0] : updated;
    return rows.length ? { ok: true, id } : { ok: false, stale: true };
  });
}
