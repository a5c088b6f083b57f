import { todayIso } from '../../../kernel/clock';
import { defineWidgetRoute, type WidgetData } from '../../../kernel/dashboard/widget';
import type { Db } from '../../../kernel/db/sql';

/**
 * Training time of a year: hours × present employees of each session, by month of its start
 * (Paris) and by theme (one series per theme). Sessions in the trash do not count.
 */
export async function trainingTime(db: Db, tenantId: number, year: number, noTheme: string): Promise<WidgetData> {
  const rows: Array<{ month: number; theme: string | null; hours: string }> = await db.query(
    `SELECT extract(month FROM s.start_at AT TIME ZONE 'Europe/Paris')::int AS month, t.name AS theme,
            sum(coalesce(s.hours, 0) * (SELECT count(*) FROM session_employee se WHERE se.session_id = s.id AND se.present)) AS hours
       FROM training_session s LEFT JOIN formation_theme t ON t.id = s.theme_id
      WHERE s.tenant_id = $1 AND s.deleted_at IS NULL AND extract(year FROM s.start_at AT TIME ZONE 'Europe/Paris') = $2
      GROUP BY 1, 2`, [tenantId, year]);
  const labels = Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, '0')}/${year}`);
  const themes = [...new Set(rows.filter((r) => Number(r.hours) > 0).map((r) => r.theme ?? noTheme))].sort((a, b) => a.localeCompare(b, 'fr'));
  const series = themes.map((label) => ({ label, data: Array.from({ length: 12 }, () => 0) }));
  for (const r of rows) {
    const s = series.find((x) => x.label === (r.theme ?? noTheme));
    if (s) s.data[r.month - 1] = Math.round((s.data[r.month - 1] + Number(r.hours)) * 100) / 100;
  }
  return { labels, series, total: Math.round(series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0) * 100) / 100 };
}

/** `GET /dashboard/hr/training-time?year=` (rh_session_dashboard_training_time): hours of training per month and theme. */
export const trainingTimeWidget = defineWidgetRoute({
  name: 'rh_session_dashboard_training_time', path: '/dashboard/hr/training-time', right: 'hr.formations', toggle: 'module_hr',
  compute: async (req) => {
    const asked = Number(req.query.year);
    const year = Number.isInteger(asked) && asked >= 1900 && asked <= 2200 ? asked : Number(todayIso().slice(0, 4));
    return trainingTime(req.ctx.db, req.authUser!.tenantId, year, req.t('hr-training.widget.no_theme'));
  },
});
