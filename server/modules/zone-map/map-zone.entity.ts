import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Sector } from '../hierarchy/sector.entity';

/** Whose zone it is: a prevention plan (intervention), a work order or a permit of any type. */
export const ZONE_OWNER_TYPES = ['prevention_plan', 'work_order', 'permit'] as const;
/** One zone owner type. */
export type ZoneOwnerType = (typeof ZONE_OWNER_TYPES)[number];

/** The stored shapes of the spec (leaflet-draw's layer types). */
export const ZONE_TYPES = ['circle', 'circlemarker', 'marker', 'polygon'] as const;
/** One zone shape type. */
export type ZoneType = (typeof ZONE_TYPES)[number];

/**
 * A shape drawn on a sector's plan image, in the plan's pixel coordinates (leaflet CRS.Simple:
 * `lat` is the vertical axis, 0..400, `lng` the horizontal one, 0..plan width).
 * `data`: circle `{lat, lng, radius}`; circlemarker and marker `{lat, lng}`; polygon `{points: [{lat, lng}, ...]}`.
 * No FK on the owner: the owner type says which table `owner_id` is in (rows go with their owner
 * through `deleteZonesOf`).
 */
@Entity('map_zone')
@Index('IDX_map_zone_owner', ['tenantId', 'ownerType', 'ownerId'])
@Index('IDX_map_zone_sector', ['tenantId', 'sectorId'])
@Check('CHK_map_zone_type', `"type" IN ('circle', 'circlemarker', 'marker', 'polygon')`)
@Check('CHK_map_zone_owner_type', `"owner_type" IN ('prevention_plan', 'work_order', 'permit')`)
export class MapZone {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'owner_type', type: 'varchar', length: 20 })
  ownerType: string;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId: number;

  /** The sector whose plan the shape is drawn on. */
  @Column({ name: 'sector_id', type: 'integer', nullable: true })
  sectorId: number | null;

  @ManyToOne(() => Sector, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sector_id' })
  sector: Relation<Sector> | null;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'jsonb' })
  data: unknown;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
