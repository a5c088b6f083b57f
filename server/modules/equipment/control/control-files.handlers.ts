import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { renderForm } from '../../../kernel/http/render';
import { routeId } from '../../../kernel/http/respond';
import { sendFileOf } from '../../../kernel/storage';
import { keepUploads, uploadFiles } from '../../../kernel/uploads';
import { controlStorage, reportFileName } from './control-pdf';
import { printReport } from './control-validate.service';
import { requireControl, requireOpenControl } from './control.service';

/** The files a control keeps besides its generated report, and their columns. */
const FILE_KINDS = { external_report: 'external_report_file_id', other: 'other_file_id' } as const;
type FileKind = keyof typeof FILE_KINDS;

/** Extensions of a control's files: documents and images (reports, photos of the site). */
export const CONTROL_FILE_TYPES = ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'png', 'jpg', 'jpeg'] as const;

/** The one file of the external report or other file form (`controlFile`), 20 MB at most. */
export const parseControlFile = uploadFiles({ storage: controlStorage, field: 'controlFile', maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: CONTROL_FILE_TYPES });

const ROUTES: Record<FileKind, string> = { external_report: 'vgp_control_external_report', other: 'vgp_control_other_file' };

/**
 * `GET|POST /equipment/control/{id}/other-file` (vgp_control_other_file, seed 001: an HTML modal)
 * and `/external-report` (vgp_control_external_report): the modal choosing the file, then keeps
 * it on the control (a new one replaces the previous one). 201 on success, 200 the form with the
 * French reason otherwise.
 */
export function fileForm(kind: FileKind) {
  return async (req: Request, res: Response): Promise<void> => {
    const control = await requireOpenControl(req, routeId(req));
    const locals = { control, kind, action: req.ctx.routes.path(ROUTES[kind], { id: control.id }), error: null as string | null };
    if (req.method !== 'POST') { await renderForm(req, res, 'equipment/control/_file_form', locals); return; }
    const refusal = req.uploadErrors?.[0];
    if (refusal || !req.uploads?.length) {
      await renderForm(req, res, 'equipment/control/_file_form', { ...locals, error: refusal ? req.t(refusal.key, refusal.params) : req.t('vgp-control.files.required') });
      return;
    }
    const [file] = await keepUploads(req, controlStorage, req.uploads);
    await req.ctx.db.query(`UPDATE vgp_control SET ${FILE_KINDS[kind]} = $3 WHERE id = $1 AND tenant_id = $2`, [control.id, control.tenantId, file.id]);
    addFlash(req, 'success', `vgp-control.files.saved_${kind}`);
    res.status(201).json({ message: req.t(`vgp-control.files.saved_${kind}`), name: file.originalName });
  };
}

/** `GET /equipment/control/{id}/files/{kind}` (vgp_control_file): the external report or the other file, for whoever sees the control. */
export async function downloadFile(req: Request, res: Response): Promise<void> {
  const control = await requireControl(req.ctx.db, req.authUser!, routeId(req));
  const kind = String(req.routeParams.kind) as FileKind;
  const fileId = kind === 'external_report' ? control.externalReportFileId : kind === 'other' ? control.otherFileId : null;
  await sendFileOf(res, req.ctx.db, controlStorage, control.tenantId, fileId);
}

/**
 * `GET /equipment/control/{id}/report` (vgp_control_report): the PDF report of a done control, as
 * stored at its validation (printed again when none was stored); 404 while in progress.
 */
export async function report(req: Request, res: Response): Promise<void> {
  const control = await requireControl(req.ctx.db, req.authUser!, routeId(req));
  if (control.state !== 'done') throw new HttpError(404, 'errors.not_found.title');
  if (control.reportFileId) { await sendFileOf(res, req.ctx.db, controlStorage, control.tenantId, control.reportFileId); return; }
  const pdf = await printReport(req.ctx.db, control, req.locale);
  res.status(200).type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${reportFileName(control)}"`);
  res.send(pdf);
}
