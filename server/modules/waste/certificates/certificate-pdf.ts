import type { Request, Response } from 'express';
import { formatDate } from '../../../kernel/i18n/format';
import { HttpError } from '../../../kernel/http/errors';
import { translator } from '../../../kernel/i18n/i18n';
import { orNotFound, routeId, tenantOf } from '../../../kernel/http/respond';
import { renderPdf } from '../../../kernel/pdf';
import { formatCedCode } from '../core/ced-codes';
import { CAP_FORMS, type CapForm } from './certificate.schema';
import { findCertificate, type CapCompany } from './certificate.service';

/** File name of a printed form: `cap-<code>-<form>.pdf`, the code reduced to safe characters. */
export const capFormFileName = (code: string, form: CapForm): string => `cap-${code.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)}-${form.replace('_', '-')}.pdf`;

/**
 * `GET /waste/certificates/{id}/forms/{form}` (waste_cap_form, `heavy: 'pdf'`): one of the three
 * certificate forms (seed 001) as a PDF. Each names the party it is for (the producer, the customer to
 * bill, or each carrier on its own page; a blank party block when none is chosen, to fill by hand),
 * then the certificate, its site, ordering customer and wastes with their codes, and signature boxes.
 * Printed in French, like the register: the labels of the European list are the French legal text.
 */
export async function printForm(req: Request, res: Response): Promise<void> {
  const form = String(req.routeParams.form) as CapForm;
  if (!CAP_FORMS.includes(form)) throw new HttpError(404, 'errors.not_found.title');
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  const parties: Array<CapCompany | null> = form === 'carrier' ? (cap.carriers.length ? cap.carriers : [null]) : [form === 'producer' ? cap.producer : cap.billTo];
  const [tenant] = await req.ctx.db.query('SELECT name FROM tenant WHERE id = $1', [cap.tenantId]);
  // A regulatory document: printed in French whatever the user's language, as the register is (docs/waste.md).
  const t = translator('fr');
  const pdf = await renderPdf({
    title: t(`waste.cap.forms.${form}_title`, { code: cap.code }), companyName: tenant?.name ?? '',
    template: 'waste/certificates/pdf',
    locals: { t, formatDate, formatCedCode, cap, form, parties, printedOn: new Date() },
  });
  res.status(200).type('application/pdf').setHeader('Content-Disposition', `inline; filename="${capFormFileName(cap.code, form)}"`);
  res.send(pdf);
}
