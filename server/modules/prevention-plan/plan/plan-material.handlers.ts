import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { FieldError } from '../../../kernel/http/forms';
import { parseForm } from '../../../kernel/http/forms';
import { HttpError } from '../../../kernel/http/errors';
import { renderForm } from '../../../kernel/http/render';
import { planTabUrl, resolvePlan } from '../core/plan-access';
import { keepOneUpload } from './prevention-plan.uploads';
import { planFormChoices } from './plan-form.service';
import { addParticipant, participantSchema } from '../core/plan-inspection.service';
import {
  addMaterial, addMedicalWork, materialSchema, medicalWorkSchema, planOfRow, removeRow,
} from '../core/plan-material.service';
import { saved } from '../../../kernel/http/respond';

/** The parts of a plan edited in modals from its tabs: material, medical supervision works, inspection participants. */
interface PartDef<S extends z.ZodType> {
  form: string;
  /** Named route the modal's form posts to. */
  addRoute: 'pdp_material_add' | 'pdp_medical_work_add' | 'pdp_inspection_participant_add';
  table: 'plan_material' | 'plan_medical_work' | 'plan_inspection_participant';
  view: string;
  titleKey: string;
  flashKey: string;
  tab: string;
  schema: S;
  save: (req: Request, planId: number, data: z.infer<S>) => Promise<Record<string, FieldError> | null>;
}

const tenant = (req: Request) => req.authUser!.tenantId;

const PARTS = {
  material: {
    form: 'plan_material', addRoute: 'pdp_material_add', table: 'plan_material', view: 'prevention-plan/plan/_material_form', titleKey: 'prevention-plan.materials.add',
    flashKey: 'prevention-plan.flash.material_added', tab: 'materials', schema: materialSchema,
    save: async (req, planId, d) => {
      if (req.uploadErrors?.length) return { file: { key: req.uploadErrors[0].key, params: req.uploadErrors[0].params } };
      await addMaterial(req.ctx.db, tenant(req), planId, d, await keepOneUpload(req));
      return null;
    },
  } satisfies PartDef<typeof materialSchema>,
  medicalWork: {
    form: 'plan_medical_work', addRoute: 'pdp_medical_work_add', table: 'plan_medical_work', view: 'prevention-plan/plan/_medical_work_form', titleKey: 'prevention-plan.medical_works.add',
    flashKey: 'prevention-plan.flash.medical_work_added', tab: 'materials', schema: medicalWorkSchema,
    save: async (req, planId, d) => { await addMedicalWork(req.ctx.db, tenant(req), planId, d); return null; },
  } satisfies PartDef<typeof medicalWorkSchema>,
  participant: {
    form: 'plan_inspection_participant', addRoute: 'pdp_inspection_participant_add', table: 'plan_inspection_participant', view: 'prevention-plan/plan/_participant_form', titleKey: 'prevention-plan.inspection.add',
    flashKey: 'prevention-plan.flash.participant_added', tab: 'inspection', schema: participantSchema,
    save: async (req, planId, d) => ((await addParticipant(req.ctx.db, tenant(req), planId, d)) ? null : { userId: 'validation.choice' }),
  } satisfies PartDef<typeof participantSchema>,
};

async function renderPart(req: Request, res: Response, def: PartDef<z.ZodType>, planId: number, values: Record<string, unknown>, errors: Record<string, FieldError>) {
  const users = def.form === 'plan_inspection_participant' ? (await planFormChoices(req.ctx.db, tenant(req))).users : [];
  await renderForm(req, res, def.view, {
    title: req.t(def.titleKey), values, errors, users, action: req.ctx.routes.path(def.addRoute, { id: planId }),
  });
}

function addHandler(def: PartDef<z.ZodType>) {
  return async (req: Request, res: Response): Promise<void> => {
    const { plan } = await resolvePlan(req, req.routeParams.id, 'edit');
    if (req.method !== 'POST') return renderPart(req, res, def, plan.id, {}, {});
    const form = parseForm(def.schema, req.body, def.form);
    if (!form.ok) return renderPart(req, res, def, plan.id, form.values, form.errors);
    const errors = await def.save(req, plan.id, form.data);
    if (errors) return renderPart(req, res, def, plan.id, form.values, errors);
    saved(req, res, def.flashKey, {}, planTabUrl(req, plan.id, def.tab));
  };
}

function removeHandler(def: PartDef<z.ZodType>) {
  return async (req: Request, res: Response): Promise<void> => {
    const planId = await planOfRow(req.ctx.db, def.table, tenant(req), Number(req.routeParams.id));
    if (planId == null) throw new HttpError(404, 'errors.not_found.title');
    await resolvePlan(req, planId, 'edit');
    await removeRow(req.ctx.db, def.table, tenant(req), Number(req.routeParams.id));
    res.status(200).json({ message: req.t('prevention-plan.flash.removed') });
  };
}

/** `GET|POST /prevention-plan/{id}/materials/new` (pdp_material_add). */
export const materialAdd = addHandler(PARTS.material as PartDef<z.ZodType>);
/** `POST /prevention-plan/materials/{id}/remove` (pdp_material_remove). */
export const materialRemove = removeHandler(PARTS.material as PartDef<z.ZodType>);
/** `GET|POST /prevention-plan/{id}/medical-works/new` (pdp_medical_work_add). */
export const medicalWorkAdd = addHandler(PARTS.medicalWork as PartDef<z.ZodType>);
/** `POST /prevention-plan/medical-works/{id}/remove` (pdp_medical_work_remove). */
export const medicalWorkRemove = removeHandler(PARTS.medicalWork as PartDef<z.ZodType>);
/** `GET|POST /prevention-plan/{id}/inspection-participants/new` (pdp_inspection_participant_add). */
export const participantAdd = addHandler(PARTS.participant as PartDef<z.ZodType>);
/** `POST /prevention-plan/inspection-participants/{id}/remove` (pdp_inspection_participant_remove). */
export const participantRemove = removeHandler(PARTS.participant as PartDef<z.ZodType>);
