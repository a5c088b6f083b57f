import type { Request, Response } from 'express';
import { sendFileOf } from '../../kernel/storage';
import { tenantOf } from '../../kernel/http/respond';
import { findItem, findSectorPlan, findSite } from './hierarchy.service';
import { orNotFound, routeId } from './hierarchy.respond';
import { storage } from './hierarchy.uploads';

/** `GET /admin/hierarchy/items/{id}/image/{kind}/file`: the item's logo or plan, inline. */
export async function itemImageFile(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await sendFileOf(res, req.ctx.db, storage, tenantOf(req), req.routeParams.kind === 'logo' ? item.logoFileId : item.planFileId, { inline: true });
}

/** `GET /admin/sites/{id}/plan`: the site's plan, inline. */
export async function sitePlanFile(req: Request, res: Response): Promise<void> {
  const site = orNotFound(await findSite(req.ctx.db, tenantOf(req), routeId(req)));
  await sendFileOf(res, req.ctx.db, storage, tenantOf(req), site.planFileId, { inline: true });
}

/** The plan of a sector of an item (`/admin/hierarchy/sectors/{id}/plan`) or of a site (`/admin/sites/sectors/{id}/plan`), inline. */
export function sectorPlanFile(owner: 'item' | 'site') {
  return async (req: Request, res: Response): Promise<void> => {
    const sector = orNotFound(await findSectorPlan(req.ctx.db, tenantOf(req), routeId(req), owner));
    await sendFileOf(res, req.ctx.db, storage, tenantOf(req), sector.planFileId, { inline: true });
  };
}
