import type { Request, Response } from 'express';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { AUDIT_EVENTS, auditFilterSchema } from './admin-audit.schema';
import { listAudit } from './admin-audit.service';

// A Paris calendar day starts at 00:00 local time; the offset is close enough for a filter (±1 h at DST changes is acceptable).
function parisDay(text: unknown, plusDays = 0): Date | null {
  if (typeof text !== 'string' || !text) return null;
  const d = parseFrenchDate(text);
  if (!d) return null;
  return new Date(d.getTime() + plusDays * 86_400_000 - 3600_000);
}

/** `GET /admin/audit`: logins, failures, refusals, switches and deletions, filterable by user and date. */
export async function index(req: Request, res: Response): Promise<void> {
  const q = auditFilterSchema.parse(req.query);
  const filters = { userId: q.user, event: q.event, from: parisDay(q.from), to: parisDay(q.to, 1) };
  const page = pageRequest(req, 50);
  const { rows, total } = await listAudit(req.ctx.db, req.authUser!.tenantId, filters, page);
  await renderScreen(req, res, 'admin-audit/index', {
    title: req.t('audit.title'), rows, events: AUDIT_EVENTS, pager: buildPager(req, page, total),
    query: { user: q.user === null ? '' : String(q.user), userLabel: q.userLabel, event: q.event, from: q.from, to: q.to },
  });
}
