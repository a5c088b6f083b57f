import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { crmPolicy } from './crm.policy';
import type { CrmScope } from './tiers.service';

/** The active company. */
export const tenantOf = (req: Request): number => req.authUser!.tenantId;

/** The numeric route parameter `name` (`id` by default). */
export const routeId = (req: Request, name = 'id'): number => Number(req.routeParams[name]);

/** What the user reads of the CRM (see docs/crm.md). */
export const scopeOf = (req: Request): CrmScope => ({ all: crmPolicy.seeAll(req.authUser!), userId: req.authUser!.id });

/** 404 unless found. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new HttpError(404, 'errors.not_found.title');
  return value;
}

/** 201 with a flash for the next page; `redirect` sends the client there. */
export function saved(req: Request, res: Response, key: string, params: Record<string, unknown> = {}, redirect?: string): void {
  addFlash(req, 'success', key, params);
  res.status(201).json({ message: req.t(key, params), ...(redirect ? { redirect } : {}) });
}

/** 409 with the optimistic-lock message. */
export function stale(req: Request, res: Response): void {
  res.status(409).json({ message: req.t('errors.stale') });
}

/** 403 with a French message: on a POST or a modal as JSON, otherwise the error page. */
export function refuse(req: Request, res: Response, key = 'crm.errors.forbidden'): void {
  if (req.method !== 'POST' && req.get('X-Requested-With') !== 'XMLHttpRequest') throw new HttpError(403, key);
  res.status(403).json({ message: req.t(key) });
}

/** 200 after a removal, with a flash for the reloaded page. */
export function removed(req: Request, res: Response, key: string, params: Record<string, unknown> = {}): void {
  addFlash(req, 'success', key, params);
  res.status(200).json({ message: req.t(key, params) });
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
