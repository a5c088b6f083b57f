import type { Request, Response } from 'express';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest, renderScreen } from '../../../kernel/http/render';
import { saved } from '../../../kernel/http/respond';
import { formatDate } from '../../../kernel/i18n/format';
import { queueWeekEmails, weekEmailRecipients, weekRecap, WEEK_SECTIONS } from './plan-week-email.service';

/**
 * `GET|POST /prevention-plan/week-email` (pdp_week_email, pdp.weekly_recap). GET shows who
 * receives the weekly recap and what it holds today (as the user sees it; each recipient gets
 * the plans he may see); POST sends it now to every recipient (one queued mail each).
 */
export async function weekEmail(req: Request, res: Response): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  if (req.method === 'POST') {
    const count = await req.ctx.db.transaction((m) => queueWeekEmails(m, tenantId));
    if (!count) {
      res.status(409).json({ message: req.t('plan-actions.week_email.no_recipient') });
      return;
    }
    const url = req.ctx.routes.path('pdp_week_email');
    if (isFragmentRequest(req)) return saved(req, res, 'plan-actions.flash.week_email_sent', { count }, url);
    addFlash(req, 'success', 'plan-actions.flash.week_email_sent', { count });
    res.redirect(303, url);
    return;
  }
  const recap = await weekRecap(req.ctx.db, req.authUser!);
  await renderScreen(req, res, 'prevention-plan/actions/week_email', {
    title: req.t('plan-actions.week_email.title'), hideTitle: true,
    recap, sections: WEEK_SECTIONS, recipients: await weekEmailRecipients(req.ctx.db, tenantId),
    period: { from: formatDate(recap.weekStart), to: formatDate(recap.weekEnd) },
  });
}
