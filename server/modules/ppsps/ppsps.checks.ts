import type { DataSource, EntityManager } from 'typeorm';
import { findPpsps } from './ppsps.service';
import { requiredPpspsErrors, type PpspsRequired } from './ppsps.schema';

type Db = DataSource | EntityManager;

/** Something that keeps a PPSPS from being complete (`error` blocks sending it) or to know (`warning`). */
export interface PpspsProblem {
  severity: 'error' | 'warning';
  key: string;
  params?: Record<string, unknown>;
  /** The tab of the show page that fixes it. */
  tab?: string;
}

/** The tab where each checked field is shown. */
const TAB_OF: Record<string, string> = { natureOfOperations: 'presentation', averageStaff: 'organisation', peakStaff: 'organisation' };

/**
 * The problems of the PPSPS `id` (seed 002 §5: dates, times, number, correspondent, nature of
 * operations), errors first; a warning when no company is named. The signing workflow refuses
 * to send a PPSPS with an error. Params naming a field hold its translation key.
 */
export async function ppspsProblems(db: Db, tenantId: number, id: number): Promise<PpspsProblem[]> {
  const p = await findPpsps(db, tenantId, id);
  if (!p) return [];
  const data: PpspsRequired = {
    number: p.number, startDate: p.startDate, endDate: p.endDate, startTime: p.startTime as string | null, endTime: p.endTime as string | null,
    correspondentId: p.correspondentId, natureOfOperations: p.natureOfOperations ?? '',
    averageStaff: p.averageStaff as number | null, peakStaff: p.peakStaff as number | null,
  };
  const problems: PpspsProblem[] = Object.entries(requiredPpspsErrors(data)).map(([field, key]) => ({
    severity: 'error', key: 'ppsps.checks.field',
    params: { field: `ppsps.fields.${field}`, rule: key.startsWith('ppsps.') ? key : `ppsps.checks.rules.${key.replace('validation.', '')}` },
    tab: TAB_OF[field] ?? 'presentation',
  }));
  const [companies] = await db.query('SELECT count(*)::int AS n FROM ppsps_company WHERE tenant_id = $1 AND ppsps_id = $2', [tenantId, id]);
  if (!companies?.n) problems.push({ severity: 'warning', key: 'ppsps.checks.no_company', tab: 'contacts' });
  return problems;
}
