import type { DataSource } from 'typeorm';
import { tenantKey } from '../../kernel/storage';
import { drawPlanPng, type PlanRect, type Rgb } from './plan-image';
import { zoneStorage } from './zone-map.uploads';

const WALL: Rgb = [70, 80, 95];
const ROAD: Rgb = [200, 200, 196];
const GREEN: Rgb = [206, 228, 196];
const building = (x: number, y: number, w: number, h: number, fill: Rgb = [236, 226, 206]): PlanRect => ({ x, y, w, h, fill, border: WALL });

/** The demo sites' plans: the site item, the sector name, the image size and its drawing. */
const SITES = [
  {
    item: 'Usine de Lyon-Gerland', sector: 'Plan général du site', width: 1000, height: 400,
    rects: [
      { x: 0, y: 180, w: 1000, h: 40, fill: ROAD }, { x: 470, y: 0, w: 40, h: 400, fill: ROAD }, { x: 20, y: 240, w: 420, h: 140, fill: GREEN },
      building(30, 30, 400, 130), building(540, 30, 250, 130, [226, 232, 240]), building(820, 30, 160, 130, [240, 232, 214]),
      building(540, 240, 440, 140, [232, 224, 210]), building(60, 270, 120, 80, [214, 226, 236]),
    ],
  },
  {
    item: 'Entrepôt de Saint-Priest', sector: 'Plan de l\'entrepôt', width: 800, height: 400,
    rects: [
      { x: 0, y: 330, w: 800, h: 70, fill: ROAD }, building(40, 40, 340, 260), building(420, 40, 340, 260, [226, 232, 240]),
      ...Array.from({ length: 8 }, (_, i) => building(60 + i * 40, 290, 24, 40, [180, 190, 200])),
    ],
  },
] as const;

/**
 * Where the demo plans are drawn: [plan number, site, zones]. PDP-DEMO-0003 and -0005 overlap in
 * time and their zones meet (a coactivity on the Lyon plan); -0004 and -0006 meet on day 20 in
 * Saint-Priest.
 */
const ZONES: Array<[string, number, Array<[string, unknown]>]> = [
  ['PDP-DEMO-0001', 0, [['polygon', { points: [{ lat: 360, lng: 40 }, { lat: 360, lng: 420 }, { lat: 250, lng: 420 }, { lat: 250, lng: 40 }] }]]],
  ['PDP-DEMO-0003', 0, [['polygon', { points: [{ lat: 360, lng: 560 }, { lat: 360, lng: 770 }, { lat: 250, lng: 770 }, { lat: 250, lng: 560 }] }], ['marker', { lat: 200, lng: 600 }]]],
  ['PDP-DEMO-0005', 0, [['circle', { lat: 240, lng: 760, radius: 50 }]]],
  ['PDP-DEMO-0007', 0, [['circle', { lat: 90, lng: 700, radius: 60 }]]],
  ['PDP-DEMO-0004', 1, [['polygon', { points: [{ lat: 350, lng: 440 }, { lat: 350, lng: 740 }, { lat: 120, lng: 740 }, { lat: 120, lng: 440 }] }]]],
  ['PDP-DEMO-0006', 1, [['circle', { lat: 200, lng: 420, radius: 40 }], ['marker', { lat: 60, lng: 150 }]]],
];

/**
 * Demo: a generated plan image (PNG) for a sector of each demo site, the demo plans of these sites
 * placed on them, and zones drawn on some plans (two coactivities). Idempotent per company.
 */
export async function seedZoneMapDemo(db: DataSource, tenantId: number): Promise<void> {
  const sectorIds: number[] = [];
  for (const site of SITES) {
    const [item] = await db.query('SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, site.item]);
    if (!item) return;
    const [existing] = await db.query('SELECT id FROM sector WHERE tenant_id = $1 AND item_id = $2 AND name = $3', [tenantId, item.id, site.sector]);
    if (existing) return; // already seeded
    const png = drawPlanPng(site.width, site.height, [246, 244, 238], [...site.rects]);
    const key = tenantKey(tenantId, 'plan-secteur.png');
    await zoneStorage.put(key, png, { contentType: 'image/png' });
    const [file] = await db.query(
      "INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'plan-secteur.png', 'image/png', $3) RETURNING id",
      [tenantId, key, png.length]);
    const [sector] = await db.query(
      'INSERT INTO sector (tenant_id, item_id, name, plan_file_id, plan_width, plan_height) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [tenantId, item.id, site.sector, file.id, site.width, site.height]);
    sectorIds.push(sector.id);
  }
  await db.transaction(async (m) => {
    for (const [number, site, zones] of ZONES) {
      const [plan] = await m.query('SELECT id FROM prevention_plan WHERE tenant_id = $1 AND pdp_number = $2 AND deleted_at IS NULL', [tenantId, number]);
      if (!plan) continue;
      await m.query('UPDATE prevention_plan SET sector_id = $3 WHERE tenant_id = $1 AND id = $2 AND sector_id IS NULL', [tenantId, plan.id, sectorIds[site]]);
      for (const [type, data] of zones) {
        await m.query(
          "INSERT INTO map_zone (tenant_id, owner_type, owner_id, sector_id, type, data) VALUES ($1, 'prevention_plan', $2, $3, $4, $5::jsonb)",
          [tenantId, plan.id, sectorIds[site], type, JSON.stringify(data)]);
      }
    }
  });
}
