import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
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
