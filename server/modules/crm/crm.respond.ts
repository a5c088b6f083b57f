import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { crmPolicy } from './crm.policy';
import type { CrmScope } from './tiers.service';
export { tenantOf, routeId, orNotFound, saved, stale, removedWith as removed } from '../../kernel/http/respond';

/** What the user reads of the CRM (see docs/crm.md). */
export const scopeOf = (req: Request): CrmScope => ({ all: crmPolicy.seeAll(req.authUser!), userId: req.authUser!.id });

/** 403 with a French message: on a POST or a modal as JSON, otherwise the error page. */
export function refuse(req: Request, res: Response, key = 'crm.errors.forbidden'): void {
  if (req.method !== 'POST' && req.get('X-Requested-With') !== 'XMLHttpRequest') throw new HttpError(403, key);
  res.status(403).json({ message: req.t(key) });
}

/**
 * An autocomplete field whose text was typed but no suggestion picked (the hidden id is empty):
 * the error for the id field, or null. Saving would silently drop what the user meant.
 */
export function pickedFromList(values: Record<string, unknown>, idField: string, labelField: string): Record<string, string> | null {
  const label = String(values[labelField] ?? '').trim();
  const id = String(values[idField] ?? '').trim();
  return label && !id ? { [idField]: 'crm.validation.pick_from_list' } : null;
}
