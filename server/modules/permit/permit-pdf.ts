import type { Request, Response } from 'express';
import { renderPdf } from '../../kernel/pdf';
import { renderView } from '../../kernel/http/render';
import { orNotFound } from '../../kernel/http/respond';
import { pageFooter, pdfFileName, printHelpers, printTranslator, safeImage, sendPdf, tenantName } from '../signing/document-pdf';
import { zonesFigure } from '../zone-map/zone-svg';
import { resolvePermit } from './permit.access';
import { doneChecklists } from './permit.handlers';
import { findPermit, isLate } from './permit.service';
import type { PermitTypeDef } from './permit-types';
import { permitChecks } from './permit-checks';

/**
 * `GET /<slug>/{id}/pdf` (`<prefix>_pdf`): the permit printed (A4): fields, people, each control
 * step with its checklist answers and signatures, the zones drawn over the sector plan
 * (`zonesFigure`, SVG on the server), "Page X / Y". Whoever sees the permit may print it.
 */
export const permitPdf = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit } = await resolvePermit(req, req.routeParams.id, type, 'view');
  const record = orNotFound(await findPermit(req.ctx.db, permit.tenantId, permit.id));
  const t = printTranslator(req.locale);
  const lists = await doneChecklists(req, record);
  const checklists: Record<string, string> = {};
  for (const [step, c] of Object.entries(lists)) {
    if (c.tree) checklists[step] = await renderView(res, 'questionnaire/_show', { tree: c.tree, values: c.values });
  }
  const title = `${t(`permit.types.${type.key}`)} ${record.number}`;
  const machine = record.machineId == null ? null : (await permitChecks.machineChoices(req.ctx.db, permit.tenantId))?.find((m) => m.id === record.machineId) ?? null;
  const pdf = await renderPdf({
    title, companyName: await tenantName(req.ctx.db, permit.tenantId), template: 'permit/pdf', footer: pageFooter(record.number),
    locals: {
      ...printHelpers(t), type, permit: record, machineLabel: machine?.label ?? null, checklists, late: isLate(record),
      signatures: record.signatures.map((s) => ({ ...s, image: safeImage(s.image) })),
      figure: await zonesFigure(req.ctx.db, permit.tenantId, 'permit', permit.id),
    },
  });
  sendPdf(res, pdf, pdfFileName(record.number));
};
