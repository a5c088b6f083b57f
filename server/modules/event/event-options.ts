import type { DataSource, EntityManager } from 'typeorm';
import { userInTenant } from '../../kernel/tenancy';
import { itemOptions } from '../hierarchy/hierarchy.service';
import { serviceOptions } from '../hierarchy/user-organisation.service';
import { findNomenclatureItems, listNomenclature } from '../nomenclature/nomenclature.service';
import type { NomenclatureKind } from '../nomenclature/nomenclature.kinds';

type Db = DataSource | EntityManager;

/** A choice of a select. */
export interface Option { id: number; label: string }

/** The choices of the event form. */
export interface EventFormOptions {
  users: Option[];
  services: Option[];
  items: Option[];
  workUnits: Option[];
  domains: Option[];
  mainSources: Option[];
  injuryTypes: Option[];
  injurySites: Option[];
  ppe: Option[];
}

/** Enabled users of the company (plus `keepIds`, already on the record), "Prénom Nom" by last name. */
export async function userOptions(db: Db, tenantId: number, keepIds: number[] = []): Promise<Option[]> {
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND (u.enabled OR u.id = ANY($2::int[])) ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
    [tenantId, keepIds]);
  return rows.map((r: any) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

/** The company's work units (not in the trash). */
export async function workUnitOptions(db: Db, tenantId: number): Promise<Option[]> {
  const rows = await db.query('SELECT id, name FROM work_unit WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]);
  return rows.map((r: any) => ({ id: r.id, label: r.name }));
}

/** A nomenclature's choices plus the retired values the record already holds (so editing keeps them). */
async function nomenclatureOptions(db: Db, tenantId: number, kind: NomenclatureKind, held: number[]): Promise<Option[]> {
  const active = await listNomenclature(db, tenantId, kind);
  const missing = held.filter((id) => !active.some((o) => o.id === id));
  return missing.length ? [...active, ...(await findNomenclatureItems(db, tenantId, kind, missing, { withRetired: true }))] : active;
}

/** Every choice of the event form; `held` lists the ids the record already has, per list. */
export async function eventFormOptions(db: Db, tenantId: number, held: { users?: number[]; domains?: number[]; mainSources?: number[]; injuryTypes?: number[]; injurySites?: number[]; ppe?: number[] } = {}): Promise<EventFormOptions> {
  const [users, services, items, workUnits, domains, mainSources, injuryTypes, injurySites, ppe] = await Promise.all([
    userOptions(db, tenantId, held.users),
    serviceOptions(db, tenantId),
    itemOptions(db, tenantId),
    workUnitOptions(db, tenantId),
    nomenclatureOptions(db, tenantId, 'domain', held.domains ?? []),
    nomenclatureOptions(db, tenantId, 'main_source', held.mainSources ?? []),
    nomenclatureOptions(db, tenantId, 'injury_type', held.injuryTypes ?? []),
    nomenclatureOptions(db, tenantId, 'injury_site', held.injurySites ?? []),
    nomenclatureOptions(db, tenantId, 'ppe', held.ppe ?? []),
  ]);
  return { users, services, items, workUnits, domains, mainSources, injuryTypes, injurySites, ppe };
}
