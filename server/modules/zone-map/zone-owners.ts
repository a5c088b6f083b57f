import type { Request } from 'express';
import type { Db } from '../../kernel/db/sql';
import type { RouteTable } from '../../kernel/http/route-table';
import type { ZoneOwnerType } from './map-zone.entity';
import { extensionPoint } from '../../kernel/extension';

/** What the zone map needs of whatever owns zones (a plan, a work order, a permit). */
export interface ZoneOwnerInfo {
  ownerType: ZoneOwnerType;
  id: number;
  /** `prevention_plan`, `work_order`, or the permit's type key (`fire`, `atex` ...). */
  kind: string;
  /** pdpNumber, work order or permit number. */
  number: string;
  /** Display name of the plan's ordering customer. */
  orderingCustomer: string | null;
  /** The plan's subject, the work order's nature, the permit's description. */
  subject: string;
  /** The owner's own sector (its zones may be drawn on it). */
  sectorId: number | null;
  /** The period of work, both ends included (dates are taken from 00:00 to 23:59:59.999). */
  start: Date;
  end: Date;
  /** Where a user sees it (page, or the plan tab for modal-only records). */
  url: string;
  /** The plan it belongs to, if any. */
  planId: number | null;
}

/** What an owner module gives the lookups: the caller's database, company and route table. */
export interface ZoneOwnerContext {
  db: Db;
  tenantId: number;
  routes: RouteTable;
}

/** An owner type as the zone map sees it. Registered once by the owning module. */
export interface ZoneOwner {
  ownerType: ZoneOwnerType;
  /** The owners of these ids in the company (unknown ids are left out). */
  load(ctx: ZoneOwnerContext, ids: number[]): Promise<ZoneOwnerInfo[]>;
  /** Live owners (not closed, not expired, not archived) whose period meets [start, end]: coactivity candidates. */
  overlapping(ctx: ZoneOwnerContext, start: Date, end: Date): Promise<ZoneOwnerInfo[]>;
  /**
   * The owner `id` if the request's user may see (`view`) or draw on (`edit`) its zones; otherwise
   * throws the `HttpError` (404 unknown or other company, 403 not allowed).
   */
  authorize(req: Request, id: number, mode: 'view' | 'edit'): Promise<ZoneOwnerInfo>;
}

const owners = new Map<ZoneOwnerType, ZoneOwner>();

/** Adds an owner of zones. */
export function registerZoneOwner(owner: ZoneOwner): void {
  owners.set(owner.ownerType, owner);
}

/** The owners of zones: the plan (this module), work-order and permit modules contribute theirs. */
export const zoneOwnerTypes = extensionPoint<ZoneOwner>('zone-map:owners', registerZoneOwner);

/** The registered owner of a type (throws when the module did not register: a wiring bug). */
export function zoneOwner(type: ZoneOwnerType): ZoneOwner {
  const owner = owners.get(type);
  if (!owner) throw new Error(`zone owner not registered: ${type}`);
  return owner;
}

/** Every registered owner (coactivity looks across all of them). */
export function zoneOwners(): ZoneOwner[] {
  return [...owners.values()];
}
