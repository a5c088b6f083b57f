import type { Request } from 'express';
import type { CappedTotal } from '../db/count-up-to';
import { queryPage } from './fields';

/** Page sizes offered on list screens ("résultats par page"). */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;

/** A page request read from the query string. */
export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** Reads `page` and `perPage` from the query, clamped to sane values. */
export function pageRequest(req: Request, defaultPerPage = 25): PageRequest {
  const page = queryPage.parse(req.query.page);
  const asked = Number.parseInt(String(req.query.perPage ?? ''), 10);
  const perPage = (PER_PAGE_CHOICES as readonly number[]).includes(asked) ? asked : defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

/** What the `_pager` partial needs. */
export interface Pager {
  page: number;
  perPage: number;
  total: number;
  /** True when `total` is the count cap: there are more rows than it (`countUpTo`). */
  capped: boolean;
  pages: number;
  /** URL of a page, keeping the other query parameters. */
  url: (page: number) => string;
}

/**
 * Builds the pager of a list from its total and the current request. With a capped total
 * (`{ total, capped }` from `countUpTo`) the pager says "more than" and lets the user page on
 * beyond the cap.
 */
export function buildPager(req: Request, request: PageRequest, total: number | CappedTotal): Pager {
  const { total: count, capped } = typeof total === 'number' ? { total, capped: false } : total;
  const pages = Math.max(1, Math.ceil(count / request.perPage), capped ? request.page + 1 : 1);
  return {
    page: request.page,
    perPage: request.perPage,
    total: count,
    capped,
    pages,
    url: (page: number) => {
      // From the raw query string, so nested filters (`selected[t3][]`) survive paging.
      const q = new URLSearchParams((req.originalUrl ?? '').split('?')[1] ?? '');
      q.delete('page');
      if (page > 1) q.set('page', String(page));
      const qs = q.toString();
      return qs ? `${req.path}?${qs}` : req.path;
    },
  };
}
