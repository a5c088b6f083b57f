import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { renderScreen } from '../../kernel/http/render';
import { listRecordedMails, mailRecordDir, readRecordedMail } from '../../kernel/mail/outbox';
import { SUPER_ADMIN } from '../../kernel/rights/registry';

/** How many mails the list shows (the newest). */
export const OUTBOX_LIMIT = 200;

/**
 * The folder of recorded mails, for the super administrator only. No folder (production, or a
 * test without `MAIL_RECORD_DIR`): 404, as if the screen did not exist. The folder holds the
 * mails of every company, hence the super administrator and not `admin.settings` alone.
 */
function outboxOf(req: Request): string {
  const dir = mailRecordDir(req.ctx.config);
  if (!dir) throw new HttpError(404, 'errors.not_found.title');
  if (!req.authUser!.roles.includes(SUPER_ADMIN)) throw new HttpError(403, 'outbox.not_super_admin');
  return dir;
}

/** `GET /admin/outbox`: the recorded mails, newest first (date, recipients, subject). */
export async function index(req: Request, res: Response): Promise<void> {
  const dir = outboxOf(req);
  const { mails, total } = await listRecordedMails(dir, OUTBOX_LIMIT);
  await renderScreen(req, res, 'admin-outbox/index', { title: req.t('outbox.title'), mails, total, dir });
}

/** `GET /admin/outbox/{id}`: one mail, its HTML in a sandboxed frame, its text part and its attachments' names. */
export async function show(req: Request, res: Response): Promise<void> {
  const dir = outboxOf(req);
  const mail = await readRecordedMail(dir, String(req.routeParams.id));
  if (!mail) throw new HttpError(404, 'errors.not_found.title');
  await renderScreen(req, res, 'admin-outbox/show', { title: mail.subject || req.t('outbox.title'), mail });
}
