import type { DataSource, EntityManager } from 'typeorm';

/** A global parameter of seed 002 §9: its group on the screen, type, default and bounds. */
export interface SettingDef {
  code: string;
  group: 'work' | 'hr' | 'credits' | 'security' | 'events' | 'mail';
  type: 'int' | 'emails';
  default: number | string;
  min?: number;
  max?: number;
}

/** Every global parameter, with defaults where the spec says "value not shown". */
export const SETTINGS: SettingDef[] = [
  { code: 'work_order_max_days', group: 'work', type: 'int', default: 7, min: 1, max: 365 },
  { code: 'work_order_max_days_specific', group: 'work', type: 'int', default: 30, min: 1, max: 365 },
  { code: 'annual_hours', group: 'hr', type: 'int', default: 1607, min: 1, max: 3000 },
  { code: 'formation_alert_days', group: 'hr', type: 'int', default: 60, min: 0, max: 365 },
  { code: 'medical_alert_days', group: 'hr', type: 'int', default: 30, min: 0, max: 365 },
  { code: 'session_notification_days', group: 'hr', type: 'int', default: 7, min: 0, max: 90 },
  // Issue 23 item 8: the PAPRIPACT's staff « from HR or a setting », for staff the HR module does not list.
  { code: 'declared_headcount', group: 'hr', type: 'int', default: 0, min: 0, max: 1_000_000 },
  { code: 'new_resource_badge_days', group: 'events', type: 'int', default: 15, min: 0, max: 365 },
  { code: 'event_age_limit_days', group: 'events', type: 'int', default: 30, min: 1, max: 3650 },
  { code: 'sms_credits', group: 'credits', type: 'int', default: 0, min: 0, max: 10_000_000 },
  { code: 'sms_alert_threshold', group: 'credits', type: 'int', default: 50, min: 0, max: 10_000_000 },
  { code: 'mail_credits', group: 'credits', type: 'int', default: 0, min: 0, max: 10_000_000 },
  { code: 'mail_alert_threshold', group: 'credits', type: 'int', default: 100, min: 0, max: 10_000_000 },
  { code: 'password_min_length', group: 'security', type: 'int', default: 12, min: 8, max: 64 },
  { code: 'test_mail_recipients', group: 'mail', type: 'emails', default: '' },
];

/** The groups of the settings screen, in order. */
export const SETTING_GROUPS = ['work', 'hr', 'events', 'credits', 'security', 'mail'] as const;

const byCode = new Map(SETTINGS.map((s) => [s.code, s]));

/** The value of every parameter for a company: stored rows over defaults. */
export async function loadSettings(db: DataSource | EntityManager, tenantId: number): Promise<Record<string, number | string>> {
  const rows: Array<{ code: string; value: string }> = await db.query('SELECT code, value FROM setting WHERE tenant_id = $1', [tenantId]);
  const out: Record<string, number | string> = Object.fromEntries(SETTINGS.map((s) => [s.code, s.default]));
  for (const r of rows) {
    const def = byCode.get(r.code);
    if (def) out[r.code] = def.type === 'int' ? Number(r.value) : r.value;
  }
  return out;
}

/** One integer parameter of a company. */
export async function intSetting(db: DataSource | EntityManager, tenantId: number, code: string): Promise<number> {
  const def = byCode.get(code);
  if (!def || def.type !== 'int') throw new Error(`Paramètre entier inconnu : ${code}`);
  const [row] = await db.query('SELECT value FROM setting WHERE tenant_id = $1 AND code = $2', [tenantId, code]);
  return row ? Number(row.value) : Number(def.default);
}

/** Stores parameters (already validated) in one statement per value. */
export async function saveSettings(db: DataSource | EntityManager, tenantId: number, values: Record<string, number | string>): Promise<void> {
  for (const [code, value] of Object.entries(values)) {
    if (!byCode.has(code)) throw new Error(`Paramètre inconnu : ${code}`);
    await db.query(
      'INSERT INTO setting (tenant_id, code, value) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, code) DO UPDATE SET value = EXCLUDED.value',
      [tenantId, code, String(value)],
    );
  }
}

/** Checks the raw form values: integers within bounds, e-mail lists. Returns the values and errors (translation keys). */
export function validateSettings(raw: Record<string, unknown>): { values: Record<string, number | string>; errors: Record<string, { key: string; params: Record<string, unknown> } | string> } {
  const values: Record<string, number | string> = {};
  const errors: Record<string, { key: string; params: Record<string, unknown> } | string> = {};
  for (const def of SETTINGS) {
    const input = typeof raw[def.code] === 'string' ? (raw[def.code] as string).trim() : '';
    if (def.type === 'int') {
      if (input === '') { errors[def.code] = 'validation.required'; continue; }
      const n = Number(input);
      if (!/^-?\d+$/.test(input) || n < (def.min ?? -Infinity) || n > (def.max ?? Infinity)) {
        errors[def.code] = { key: 'settings.validation.range', params: { min: def.min, max: def.max } };
        continue;
      }
      values[def.code] = n;
    } else {
      const emails = input.split(/[\s,;]+/).filter(Boolean);
      const bad = emails.find((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e));
      if (bad) { errors[def.code] = { key: 'settings.validation.email', params: { email: bad } }; continue; }
      values[def.code] = emails.join(', ');
    }
  }
  return { values, errors };
}
