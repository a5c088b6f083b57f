import type { Request, Response } from 'express';
import { formatDate, formatDateTime } from '../../../kernel/i18n/format';
import type { CheckpointGroup } from './control-form.service';
import { listSignatures } from './control-pdf';
import { companyPeople, type ControlRecord, type ResultRow } from './control.service';

/** A stored file of the control as the island links it. */
interface FileLink { name: string; url: string }

async function fileLink(req: Request, controlId: number, fileId: number | null, kind: 'external_report' | 'other'): Promise<FileLink | null> {
  if (!fileId) return null;
  const [f] = await req.ctx.db.query('SELECT original_name FROM stored_file WHERE id = $1 AND tenant_id = $2', [fileId, req.authUser!.tenantId]);
  return f ? { name: f.original_name, url: req.ctx.routes.path('vgp_control_file', { id: controlId, kind }) } : null;
}

/**
 * The props of the `vgp-control` island: the control, its form and saved results, the people who
 * may be named controller or supervisor, its signatures and files, every URL it calls, and the
 * `compact_control_forms` toggle.
 */
export async function controlIslandProps(req: Request, res: Response, control: ControlRecord, form: CheckpointGroup[], results: ResultRow[]): Promise<Record<string, unknown>> {
  const path = (name: string, params: Record<string, string | number> = {}) => req.ctx.routes.path(name, { id: control.id, ...params });
  const signatures = await listSignatures(req.ctx.db, control.tenantId, control.id);
  const signatureOf = (role: string) => {
    const s = signatures.find((x) => x.role === role);
    return s ? { signerName: s.signerName, signedAt: formatDateTime(s.signedAt), image: s.image } : null;
  };
  const toggles: Record<string, boolean> = res.locals.toggles ?? {};
  return {
    control: {
      id: control.id, step: control.step, controlDate: formatDate(control.controlDate), controllerId: control.controllerId, supervisorId: control.supervisorId,
      comment: control.comment ?? '', version: control.version, controllableName: control.controllableName, equipmentName: control.equipmentName,
    },
    people: await companyPeople(req.ctx.db, control.tenantId),
    groups: form.map((g) => ({ ...g, validateUrl: path('vgp_control_group', { groupId: g.id }) })),
    results: results.map((r) => ({ questionId: r.questionId, answerId: r.answerId, comment: r.comment ?? '' })),
    signatures: { controller: signatureOf('controller'), owner: signatureOf('owner') },
    files: {
      externalReport: await fileLink(req, control.id, control.externalReportFileId, 'external_report'),
      other: await fileLink(req, control.id, control.otherFileId, 'other'),
    },
    compact: toggles.compact_control_forms === true,
    urls: {
      general: path('vgp_control_general'), step: path('vgp_control_step'), checkpoint: path('vgp_save_checkpoint'), actions: path('vgp_load_actions'),
      validate: path('vgp_control_validate'), signController: path('vgp_control_sign', { role: 'controller' }), signOwner: path('vgp_control_sign', { role: 'owner' }),
      externalReport: path('vgp_control_external_report'), otherFile: path('vgp_control_other_file'), show: path('vgp_control_show'),
    },
  };
}
