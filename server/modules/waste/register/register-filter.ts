import type { Request } from 'express';
import { todayIso } from '../../../kernel/clock';
import { queryId, queryText, toIsoDate } from '../../../kernel/http/fields';
import type { RegisterFilter } from './register.service';

/** The filter as typed (`DD/MM/YYYY`) for the form, and as read for the query. */
export interface ReadFilter { filter: RegisterFilter; typed: { site: number | null; from: string; to: string } }

const french = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The last day of the month of `iso`. */
function monthEnd(iso: string): string {
  const d = new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0));
  return d.toISOString().slice(0, 10);
}

/**
 * Reads `?site=&from=&to=` (days `DD/MM/YYYY`): a bad or missing day falls back to the current
 * month's first or last day; a period given backwards is put in order.
 */
export function readRegisterFilter(req: Request): ReadFilter {
  const today = todayIso();
  const site = queryId.parse(req.query.site);
  let from = toIsoDate(queryText(10).parse(req.query.from)) ?? `${today.slice(0, 7)}-01`;
  let to = toIsoDate(queryText(10).parse(req.query.to)) ?? monthEnd(from);
  if (to < from) [from, to] = [to, from];
  return { filter: { siteId: site, from, to }, typed: { site, from: french(from), to: french(to) } };
}
