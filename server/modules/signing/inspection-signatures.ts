import type { Request, Response } from 'express';
import { addFlash } from '../../kernel/http/flash';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../user-signature/signature-form';
import { listSignatures, recordSignature, type SignatureView } from './signers.service';
import type { SigningSubject } from './signing-subject';
import type { SigningDocumentRef } from './transition.handler';

/** What a module gives to collect the joint-inspection signatures of a document. */
export interface InspectionSignOptions {
  subject: SigningSubject;
  /** The document for the request's user (view is enough: inspection signatures are always granted). */
  resolve: (req: Request, id: string | number) => Promise<SigningDocumentRef>;
  /** Name of the `GET|POST /<document>/{id}/inspection/sign` route. */
  routeName: string;
  /** Where the page goes once the signature is kept (the inspection tab). */
  redirect: (req: Request, id: number) => string;
}

const KEY = /^inspection:(\d+)$/;

/** The live inspection signatures of a document (every round: an amendment does not ask them again), oldest first. */
export async function inspectionSignatures(db: Db, s: SigningSubject, tenantId: number, id: number): Promise<SignatureView[]> {
  return (await listSignatures(db, s, tenantId, id, { all: true }))
    .filter((x) => x.kind === 'inspection' && !x.supersededAt)
    .sort((a, b) => new Date(a.signedAt).getTime() - new Date(b.signedAt).getTime() || a.id - b.id);
}

/** The next free `inspection:<n>` number of a document. */
async function nextSlot(db: Db, s: SigningSubject, tenantId: number, id: number): Promise<number> {
  const rows = rowsOf<{ key: string }>(await db.query(
    `SELECT signer_key AS key FROM "${s.signatureTable}" WHERE "${s.fk}" = $1 AND tenant_id = $2 AND kind = 'inspection'`, [id, tenantId]));
  return rows.reduce((max, r) => Math.max(max, Number(KEY.exec(r.key)?.[1] ?? 0)), 0) + 1;
}

const slotOf = (v: unknown): number | null => {
  const n = Number(typeof v === 'string' ? v : NaN);
  return Number.isSafeInteger(n) && n > 0 && n < 1_000_000 ? n : null;
};

/**
 * `GET|POST /<document>/{id}/inspection/sign`: a participant of the joint inspection signs on
 * the device (spec: "Inspection signatures are always granted": whoever sees the document may
 * collect them). GET: the shared signature form, carrying the number of the signature it will
 * add (`slot`), so a double submit keeps one. POST: 201 `{result: true, message, redirect}`, or
 * 200 `{result: false, signatureForm}` with its errors (an empty name is refused, nothing kept).
 */
export function inspectionSignHandler(o: InspectionSignOptions) {
  const form = async (req: Request, res: Response, doc: SigningDocumentRef, slot: number,
    state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> => {
    const locals = await signatureFormLocals(req, {
      action: req.ctx.routes.path(o.routeName, { id: doc.id }),
      title: req.t('signing.inspection.form_title'),
      intro: req.t('signing.inspection.intro', { number: doc.number }),
      signerName: '', nameEnabled: true, granted: true, addGranted: true, offerSaved: true,
      hidden: { slot: String(slot) },
      ...state,
    });
    return renderView(res, SIGNATURE_FORM_VIEW, locals);
  };

  return async function inspectionSign(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const s = o.subject;
    if (req.method !== 'POST') {
      const html = await form(req, res, doc, await nextSlot(req.ctx.db, s, doc.tenantId, doc.id));
      if (isFragmentRequest(req)) { res.status(200).type('html').send(html); return; }
      await renderScreen(req, res, 'prevention-plan/signing/sign', { title: req.t('signing.inspection.form_title'), form: html });
      return;
    }
    const posted = slotOf(req.body?.slot);
    const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: '', watermark: true });
    if (!parsed.ok) {
      const slot = posted ?? await nextSlot(req.ctx.db, s, doc.tenantId, doc.id);
      res.status(200).json({ result: false, signatureForm: await form(req, res, doc, slot, { errors: parsed.errors, values: parsed.values }) });
      return;
    }
    const sig = parsed.signature;
    await req.ctx.db.transaction(async (m) => {
      // One writer at a time on the document's inspection numbers.
      await m.query(`SELECT id FROM "${s.table}" WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [doc.id, doc.tenantId]);
      let slot = posted;
      if (slot != null) {
        const [taken] = rowsOf<{ name: string; image: string }>(await m.query(
          `SELECT signer_name AS name, image FROM "${s.signatureTable}" WHERE "${s.fk}" = $1 AND tenant_id = $2 AND signer_key = $3 AND superseded_at IS NULL`,
          [doc.id, doc.tenantId, `inspection:${slot}`]));
        // The same form posted twice: the first signature stays. Another signer on the same number: the next one.
        if (taken && taken.name === sig.name && taken.image === sig.image) return;
        if (taken) slot = null;
      }
      slot ??= await nextSlot(m, s, doc.tenantId, doc.id);
      await recordSignature(m, s, {
        tenantId: doc.tenantId, planId: doc.id, kind: 'inspection', signerKey: `inspection:${slot}`, userId: sig.usedSaved ? req.authUser!.id : null,
        signerName: sig.name, image: sig.image, hasWatermark: !sig.usedSaved, channel: 'site',
      });
    });
    addFlash(req, 'success', 'signing.inspection.flash', { name: sig.name });
    res.status(201).json({ result: true, message: req.t('signing.inspection.flash', { name: sig.name }), redirect: o.redirect(req, doc.id) });
  };
}

/**
 * HTML of the inspection-signature widget: the signatures collected (image, name, date) and the
 * "Signer" button (always granted to those who see the document).
 */
export async function renderInspectionSignatures(req: Request, o: Pick<InspectionSignOptions, 'subject' | 'routeName'> & { doc: { id: number; tenantId: number; number: string } }): Promise<string> {
  const signatures = await inspectionSignatures(req.ctx.db, o.subject, o.doc.tenantId, o.doc.id);
  return renderView(req.res!, 'signing/_inspection_signatures', {
    signatures, signUrl: req.ctx.routes.path(o.routeName, { id: o.doc.id }), watermark: req.t('plan-signature.watermark', { number: o.doc.number }),
    testId: `${o.subject.rightPrefix}-inspection-signatures`,
  });
}
