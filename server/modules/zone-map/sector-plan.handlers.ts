import type { Request, Response } from 'express';
import { orNotFound, routeId, tenantOf } from '../../kernel/http/respond';
import { sendFileOf } from '../../kernel/storage';
import { findSector } from './zone.service';
import { zoneStorage } from './zone-map.uploads';

/** `GET /zone-map/sector/{id}/plan`: the plan image of a sector of the company (the map's background), inline. */
export async function sectorPlanImage(req: Request, res: Response): Promise<void> {
  const sector = orNotFound(await findSector(req.ctx.db, tenantOf(req), routeId(req)));
  await sendFileOf(res, req.ctx.db, zoneStorage, tenantOf(req), sector.planFileId, { inline: true });
}
