import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { can } from '../../kernel/rights/registry';
import { loadPlanRef, requirePlan, type PlanRef } from '../prevention-plan';
import { contactCompanyIds } from './plan-document.owners';
import type { DocumentRow } from './plan-document.service';
import { tenantOf } from '../../kernel/http/respond';
export { tenantOf, routeId, saved, stale } from '../../kernel/http/respond';

/** 404 unless found. */
export function orNotFound<T>(value: T | null | undefined | false): T {
  if (value === null || value === undefined || value === false) throw new HttpError(404, 'errors.not_found.title');
  return value;
}

/** 403 with a French message. */
export function refused(req: Request, res: Response, key = 'plan-document.unauthorised'): void {
  res.status(403).json({ message: req.t(key) });
}

/**
 * How the user reaches the documents of a plan: as an internal user holding the plan ability
 * (`view`, or `documents` to change them), or as a CRM contact of some of its companies
 * (`companyIds`: he may give the outside-company documents of those companies and their staff).
 */
export interface DocumentAccess {
  plan: PlanRef;
  internal: boolean;
  companyIds: number[];
}

/** The access to the documents of plan `planId`; 404/403 like `requirePlan` when neither path applies. */
export async function documentAccess(req: Request, planId: number, need: 'view' | 'documents'): Promise<DocumentAccess> {
  try {
    return { plan: await requirePlan(req, planId, need), internal: true, companyIds: [] };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const plan = await loadPlanRef(req.ctx.db, tenantOf(req), planId);
    if (!plan) throw err;
    const companyIds = await contactCompanyIds(req.ctx.db, tenantOf(req), planId, req.authUser!.id);
    if (!companyIds.length) throw err;
    return { plan, internal: false, companyIds };
  }
}

/** Does the user hold the plan ability? (false instead of an error). */
export async function mayOnPlan(req: Request, planId: number, ability: 'view' | 'documents'): Promise<boolean> {
  try {
    await requirePlan(req, planId, ability);
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}

/**
 * May the user validate this document? Company documents need `companies.validate_documents`;
 * a document of the plan itself may also be validated by whoever manages the plan's documents.
 */
export async function mayValidate(req: Request, doc: Pick<DocumentRow, 'ownerKind' | 'planId'>): Promise<boolean> {
  if (doc.planId !== null && !(await mayOnPlan(req, doc.planId, 'view'))) return false;
  if (can(req.authUser, 'companies.validate_documents')) return true;
  return doc.ownerKind === 'plan' && doc.planId !== null && (await mayOnPlan(req, doc.planId, 'documents'));
}

/**
 * May the user change (edit, delete) this document? Plan documents: the plan's `documents`
 * ability; CRM documents (tiers, contact) outside any plan: `companies.manage_all`.
 */
export async function mayChange(req: Request, doc: Pick<DocumentRow, 'planId'>): Promise<boolean> {
  if (doc.planId === null) return can(req.authUser, 'companies.manage_all');
  return mayOnPlan(req, doc.planId, 'documents');
}
