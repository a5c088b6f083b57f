import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { csvNumber, startCsv, toCsv } from '../../../kernel/csv-export';
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
 * `GET /rh/statistics/export.csv?year=` (rh_statistics_export): the page's table for French Excel, one
 * line per month begun, with the hours' source and the year's objectives on every line.
 */
export async function statsExport(req: Request, res: Response): Promise<void> {
  const year = statsYear(req);
  const stats = await yearStats(req.ctx.db, req.authUser!, year, todayIso());
  const t = (k: string) => req.t(`hr-time.stats.${k}`);
  startCsv(res, `statistiques-at-${year}`, [t('month'), t('accidents'), t('lost_time'), t('days_lost'), t('hours'), t('hours_source'),
    t('TF_monthly'), t('TF_cumulative'), t('TG_monthly'), t('TG_cumulative'), t('TF_objective'), t('TG_objective')]);
  res.write(toCsv(stats.months.map((m) => [
    `${req.t(`hr-time.months.${m.month}`)} ${year}`, String(m.monthly.accidents), String(m.monthly.lostTimeAccidents), String(m.monthly.daysLost),
    csvNumber(m.monthly.hours), req.t(`hr-time.stats.sources.${m.monthly.hoursSource}`),
    csvNumber(m.monthly.tf), csvNumber(m.cumulative.tf), csvNumber(m.monthly.tg), csvNumber(m.cumulative.tg),
    csvNumber(stats.objectives.TF), csvNumber(stats.objectives.TG),
  ])));
  res.end();
}
