import type { PageTab } from '../../../kernel/page-tabs';
import { renderView } from '../../../kernel/http/render';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { can } from '../../../kernel/rights/registry';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { listMaintenance, listParts } from './book.service';

const count = async (db: Db, table: 'equipment_maintenance' | 'equipment_part', s: EquipmentSubject): Promise<number | null> =>
  rowsOf<{ n: number }>(await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1 AND equipment_id = $2`, [s.tenantId, s.id]))[0].n || null;

/** The equipment page's maintenance book (order 30): interventions, latest first; written with `vgp.maintenance_book`. */
export const maintenanceTab: PageTab<EquipmentSubject> = {
  key: 'maintenance', labelKey: 'vgp-book.tabs.maintenance', icon: 'tools', order: 30,
  visible: (user) => can(user, 'vgp.equipment_view'),
  badge: (req, s) => count(req.ctx.db, 'equipment_maintenance', s),
  render: async (req, s) => renderView(req.res!, 'equipment/book/_tab_maintenance', {
    equipment: s, rows: await listMaintenance(req.ctx.db, s.tenantId, s.id), canWrite: can(req.authUser!, 'vgp.maintenance_book'),
  }),
};

/** The equipment page's parts (« Pièces », order 40): quotes, notices, certificates, plans and their files. */
export const partsTab: PageTab<EquipmentSubject> = {
  key: 'parts', labelKey: 'vgp-book.tabs.parts', icon: 'paperclip', order: 40,
  visible: (user) => can(user, 'vgp.equipment_view'),
  badge: (req, s) => count(req.ctx.db, 'equipment_part', s),
  render: async (req, s) => renderView(req.res!, 'equipment/book/_tab_parts', {
    equipment: s, rows: await listParts(req.ctx.db, s.tenantId, s.id), canWrite: can(req.authUser!, 'vgp.maintenance_book'),
  }),
};
