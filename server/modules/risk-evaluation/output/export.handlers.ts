import type { Request, Response } from 'express';
import { z } from 'zod';
import { queryId } from '../../../kernel/http/fields';
import { safeSlug } from '../../../kernel/storage';
import { sendPdf } from '../../signing/document-pdf';
import { loadDuDocument } from '../core/du-document';
import { renderDuPdf } from '../core/du-document-pdf';
import { requireDuEntity } from '../core/du-entity-access';
import { duWorkbook, XLSX_TYPE } from './du-xlsx';

const itemQuery = z.object({ item: queryId });

/** The export's file name: `document-unique-<entity>.<ext>`. */
const fileName = (entity: { id: number; name: string }, ext: string) => `document-unique-${safeSlug(entity.name, 60) || entity.id}.${ext}`;

/**
 * `GET /unique-document/export/pdf?item=` (unique_document_export_pdf): the whole document of the
 * entity (and the entities below it) printed, grouped by work unit, with the nomenclatures' legend.
 */
export async function exportPdf(req: Request, res: Response): Promise<void> {
  const entity = await requireDuEntity(req, itemQuery.parse(req.query).item);
  const doc = await loadDuDocument(req.ctx.db, req.authUser!.tenantId, entity.id, entity.name);
  sendPdf(res, await renderDuPdf(req.ctx.db, req.authUser!.tenantId, doc, { locale: req.locale }), fileName(entity, 'pdf'));
}

/** `GET /unique-document/export/xlsx?item=` (unique_document_export_xlsx): the same document as a spreadsheet, one sheet. */
export async function exportXlsx(req: Request, res: Response): Promise<void> {
  const entity = await requireDuEntity(req, itemQuery.parse(req.query).item);
  const doc = await loadDuDocument(req.ctx.db, req.authUser!.tenantId, entity.id, entity.name);
  const data = await duWorkbook(doc, req.t);
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Length', String(data.length));
  res.setHeader('Content-Disposition', `attachment; filename="${fileName(entity, 'xlsx')}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(data);
}
