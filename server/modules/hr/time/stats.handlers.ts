import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { sendExport, type ExportColumn, type ExportFormat } from '../../../kernel/table-export';
import { renderScreen } from '../../../kernel/http/render';
import { yearStats } from './stats.service';
import { statsYear } from './stats.widgets';

/** `GET /rh/statistics?year=`: TF and TG per month and cumulated against the objectives, and the work-accident widgets. */
export async function statsIndex(req: Request, res: Response): Promise<void> {
  const year = statsYear(req);
  const current = Number(todayIso().slice(0, 4));
  const stats = await yearStats(req.ctx.db, req.authUser!, year, todayIso());
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  if (!years.includes(year)) years.push(year);
  await renderScreen(req, res, 'hr/time/statistics', { title: req.t('hr-time.stats.title'), hideTitle: true, year, years, stats });
}

/**
 * The page's table as a table for both exports (docs/services.md, « Exports CSV et Excel »): one
 * line per month begun, with the hours' source and the year's objectives on every line.
 */
async function exportStats(req: Request, res: Response, format: ExportFormat): Promise<void> {
  const year = statsYear(req);
  const stats = await yearStats(req.ctx.db, req.authUser!, year, todayIso());
  const t = (k: string) => req.t(`hr-time.stats.${k}`);
  const count = (k: string): ExportColumn => ({ header: t(k), type: 'integer' });
  const rate = (k: string): ExportColumn => ({ header: t(k), type: 'number', digits: 2 });
  await sendExport(res, format, {
    base: `statistiques-at-${year}`, sheet: `TF TG ${year}`,
    columns: [{ header: t('month') }, count('accidents'), count('lost_time'), count('days_lost'), rate('hours'), { header: t('hours_source') },
      rate('TF_monthly'), rate('TF_cumulative'), rate('TG_monthly'), rate('TG_cumulative'), rate('TF_objective'), rate('TG_objective')],
    batches: [stats.months.map((m) => [
      `${req.t(`hr-time.months.${m.month}`)} ${year}`, m.monthly.accidents, m.monthly.lostTimeAccidents, m.monthly.daysLost,
      m.monthly.hours, req.t(`hr-time.stats.sources.${m.monthly.hoursSource}`),
      m.monthly.tf, m.cumulative.tf, m.monthly.tg, m.cumulative.tg, stats.objectives.TF, stats.objectives.TG,
    ])],
  });
}

/** `GET /rh/statistics/export.csv?year=` (rh_statistics_export): the page's table for French Excel. */
export const statsExport = (req: Request, res: Response) => exportStats(req, res, 'csv');
/** `GET /rh/statistics/export.xlsx?year=` (rh_statistics_export_xlsx): the same table as an Excel workbook. */
export const statsExportXlsx = (req: Request, res: Response) => exportStats(req, res, 'xlsx');
