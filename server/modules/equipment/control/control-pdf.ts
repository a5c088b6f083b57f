import { loadConfig } from '../../../kernel/config';
import type { Db } from '../../../kernel/db/sql';
import { renderPdf } from '../../../kernel/pdf';
import { createStorage, type Storage } from '../../../kernel/storage';
import { pageFooter, printHelpers, printTranslator, safeImage, tenantName } from '../../signing/document-pdf';
import type { ActionItem } from './control-actions.service';
import type { CheckpointGroup } from './control-form.service';
import type { ControlRecord, ResultRow } from './control.service';

/** Where the control reports (generated, external, other file) are stored. */
export const controlStorage: Storage = createStorage(loadConfig());

/** A signature as the report prints it. */
export interface ControlSignature { role: string; signerName: string; image: string; signedAt: Date }

/** The signatures of a control (controller, owner). */
export async function listSignatures(db: Db, tenantId: number, controlId: number): Promise<ControlSignature[]> {
  return db.query(
    `SELECT role, signer_name AS "signerName", image, signed_at AS "signedAt" FROM vgp_control_signature
      WHERE tenant_id = $1 AND control_id = $2 ORDER BY role`, [tenantId, controlId]);
}

/** What the report shows. */
export interface ReportData {
  control: ControlRecord;
  form: CheckpointGroup[];
  results: ResultRow[];
  actions: ActionItem[];
  signatures: ControlSignature[];
}

/**
 * The control's report (A4): general information, the answers group by group with the
 * non-conforming ones highlighted, the actions created and the signatures.
 */
export async function renderControlPdf(db: Db, data: ReportData, locale?: string): Promise<Buffer> {
  const t = printTranslator(locale);
  const byQuestion = new Map(data.results.map((r) => [r.questionId, r]));
  return renderPdf({
    title: t('vgp-control.pdf.title', { name: data.control.controllableName }), companyName: await tenantName(db, data.control.tenantId),
    template: 'equipment/control/pdf', footer: pageFooter(t('vgp-control.pdf.reference', { id: data.control.id })),
    locals: {
      ...printHelpers(t), control: data.control, form: data.form, byQuestion, actions: data.actions,
      signatures: data.signatures.map((s) => ({ ...s, image: safeImage(s.image) })),
    },
  });
}

/** File name of a control's report. */
export const reportFileName = (control: ControlRecord): string => `controle-${control.id}.pdf`;
