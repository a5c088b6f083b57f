import type { DataSource, EntityManager } from 'typeorm';

/** A feature toggle of the spec, with its default and what it depends on. */
export interface ToggleDef {
  code: string;
  default: boolean;
  /** Toggles switched on with this one. */
  requires?: string[];
}

/** The spec's feature toggles (seed 002 section 9) and module toggles, with defaults. */
export const TOGGLES: ToggleDef[] = [
  { code: 'multi_company', default: true },
  { code: 'two_factor', default: false },
  { code: 'calendar', default: true },
  { code: 'work_week', default: true },
  { code: 'gantt', default: true },
  { code: 'compact_control_forms', default: false },
  { code: 'machine_number_checks', default: true },
  { code: 'subcontractor_signature', default: true },
  { code: 'plans_in_external_companies', default: false },
  { code: 'work_order_before_validation', default: false },
  { code: 'help', default: true },
  { code: 'lot_management', default: false },
  { code: 'module_action_plan', default: true },
  { code: 'module_events', default: true, requires: ['module_action_plan'] },
  { code: 'module_vgp', default: true, requires: ['module_action_plan'] },
  { code: 'module_activity_map', default: true },
  { code: 'module_hr', default: true },
  { code: 'module_prevention_plan', default: true, requires: ['module_crm'] },
  { code: 'module_crm', default: true },
  { code: 'module_projects', default: true },
  { code: 'module_consignment', default: true },
  { code: 'module_ged', default: true },
  { code: 'module_waste', default: true },
  { code: 'module_unique_document', default: true },
  { code: 'module_security_welcome', default: true },
  { code: 'module_visitor', default: true },
];

const byCode = new Map(TOGGLES.map((t) => [t.code, t]));

/** The state of every toggle for a company: stored rows over declared defaults. */
export async function loadToggles(db: DataSource | EntityManager, tenantId: number): Promise<Record<string, boolean>> {
  const rows: Array<{ code: string; enabled: boolean }> = await db.query('SELECT code, enabled FROM feature_toggle WHERE tenant_id = $1', [tenantId]);
  return togglesState(Object.fromEntries(rows.map((r) => [r.code, r.enabled])));
}

/** The state of every toggle from a company's stored ones (code → on) over the declared defaults. */
export function togglesState(stored: Record<string, boolean>): Record<string, boolean> {
  const state: Record<string, boolean> = Object.fromEntries(TOGGLES.map((t) => [t.code, t.default]));
  for (const [code, enabled] of Object.entries(stored)) if (byCode.has(code)) state[code] = enabled;
  return state;
}

/** Sets a toggle; switching one on also switches on what it depends on. Returns the codes changed. */
export async function setToggle(db: DataSource | EntityManager, tenantId: number, code: string, enabled: boolean): Promise<string[]> {
  if (!byCode.has(code)) throw new Error(`Option inconnue : ${code}`);
  const codes = enabled ? withDependencies(code) : [code];
  for (const c of codes) {
    await db.query(
      'INSERT INTO feature_toggle (tenant_id, code, enabled) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, code) DO UPDATE SET enabled = EXCLUDED.enabled',
      [tenantId, c, enabled],
    );
  }
  return codes;
}

/** A toggle and, transitively, every toggle it requires. */
export function withDependencies(code: string, seen = new Set<string>()): string[] {
  if (seen.has(code)) return [];
  seen.add(code);
  const def = byCode.get(code);
  return [code, ...(def?.requires ?? []).flatMap((r) => withDependencies(r, seen))];
}
