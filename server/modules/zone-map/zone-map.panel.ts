import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import type { Db } from '../../kernel/db/sql';
import type { ZoneOwnerType } from './map-zone.entity';
import { zoneRouteNames } from './zone-route-names';
import { coactivityAlerts } from './coactivity.alerts';

/** What an owner page passes to mount its zone map. */
export interface ZoneMapPanelOptions {
  ownerType: ZoneOwnerType;
  /** The permit type key when `ownerType` is `permit`. */
  kind?: string;
  ownerId: number;
  /** The owner's own sector (the map opens on it); null when the owner has none. */
  sectorId: number | null;
  /** May the user draw, edit and delete zones (the routes check it again). */
  canEdit: boolean;
}

/** A sector the map may show. */
export interface ZoneMapSector {
  id: number;
  name: string;
}

/**
 * Stands in for a zone id in the edit/delete URL templates given to the island (URLs are built
 * only by the route table; the island swaps this number for the zone's id).
 */
export const ZONE_ID_PLACEHOLDER = 987654321;

/** The props of the `zone-map` island (islands/zone-map/index.tsx reads the same shape). */
export interface ZoneMapIslandProps {
  ownerId: number;
  canEdit: boolean;
  /** The sector shown first ('0' = the owner's own sector, as the localise route understands it). */
  sectorId: number | null;
  sectors: ZoneMapSector[];
  urls: {
    /** Localise URL per sector id, plus key `0` for the owner's own sector. */
    localise: Record<string, string>;
    save: string;
    add: string;
    /** Contain {@link ZONE_ID_PLACEHOLDER} where the zone id goes. */
    edit: string;
    delete: string;
  };
  placeholder: string;
  labels: Record<string, string>;
}

/**
 * The sectors the owner's map may switch between: the owner's sector first (with or without a
 * plan image), then the other sectors of the same site (or hierarchy item) that have a plan image.
 * Empty when the owner has no sector.
 */
export async function mapSectors(db: Db, tenantId: number, sectorId: number | null): Promise<ZoneMapSector[]> {
  if (!sectorId) return [];
  const rows: Array<{ id: number; name: string }> = await db.query(
    `SELECT s.id, s.name FROM sector s
       JOIN sector own ON own.id = $2 AND own.tenant_id = $1
      WHERE s.tenant_id = $1
        AND (s.id = own.id OR (s.plan_file_id IS NOT NULL
          AND ((own.site_id IS NOT NULL AND s.site_id = own.site_id) OR (own.item_id IS NOT NULL AND s.item_id = own.item_id))))
      ORDER BY (s.id = own.id) DESC, s.name, s.id`,
    [tenantId, sectorId],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

const LABEL_KEYS = [
  'loading', 'no_plan', 'load_failed', 'sector', 'coactivity', 'coactivities_none', 'discarded',
  'draw.polygon', 'draw.circle', 'draw.marker', 'draw.cancel', 'draw.finish', 'draw.undo',
  'draw.polygon_start', 'draw.polygon_cont', 'draw.polygon_end', 'draw.circle_start', 'draw.marker_start', 'draw.radius', 'draw.release',
  'edit.edit', 'edit.edit_none', 'edit.remove', 'edit.remove_none', 'edit.save', 'edit.save_title', 'edit.cancel', 'edit.cancel_title',
  'edit.clear_all', 'edit.clear_all_title', 'edit.drag', 'edit.click_cancel', 'edit.click_remove',
] as const;

/** The island's props for an owner (exported for the tests). */
export async function zoneMapProps(req: Request, opts: ZoneMapPanelOptions): Promise<ZoneMapIslandProps> {
  const names = zoneRouteNames(opts.ownerType, opts.kind);
  const routes = req.ctx.routes;
  const sectors = await mapSectors(req.ctx.db, req.authUser!.tenantId, opts.sectorId);
  const localise: Record<string, string> = { 0: routes.path(names.localise, { id: opts.ownerId, sector: '0' }) };
  for (const s of sectors) localise[String(s.id)] = routes.path(names.localise, { id: opts.ownerId, sector: String(s.id) });
  const labels: Record<string, string> = {};
  for (const key of LABEL_KEYS) labels[key] = req.t(`zone-map.${key}`);
  return {
    ownerId: opts.ownerId,
    canEdit: opts.canEdit,
    sectorId: opts.sectorId,
    sectors,
    urls: {
      localise,
      save: routes.path(names.save, { id: opts.ownerId }),
      add: routes.path(names.add, { id: opts.ownerId }),
      edit: routes.path(names.edit, { id: ZONE_ID_PLACEHOLDER }),
      delete: routes.path(names.delete, { id: ZONE_ID_PLACEHOLDER }),
    },
    placeholder: String(ZONE_ID_PLACEHOLDER),
    labels,
  };
}

/**
 * HTML of an owner's zone map: the coactivity warnings, then the leaflet island
 * (`views/zone-map/_map.ejs`). Plans, work orders and permits put it in their page or tab.
 */
export async function zoneMapPanel(req: Request, opts: ZoneMapPanelOptions): Promise<string> {
  const props = await zoneMapProps(req, opts);
  const alerts = await coactivityAlerts(req, opts.ownerType, opts.ownerId);
  return renderView(req.res!, 'zone-map/_map', { zoneMap: props, alerts });
}
