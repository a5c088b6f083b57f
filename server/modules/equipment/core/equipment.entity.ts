import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { Service } from '../../hierarchy/service.entity';
import { Site } from '../../hierarchy/site.entity';
import { Sector } from '../../hierarchy/sector.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { EquipmentCategory } from './equipment-category.entity';

/**
 * A piece of equipment (seed 002 « Equipment »): identity, where it stands, its category, photo and
 * annex. Serial and internal numbers are unique among the company's equipment while the
 * `machine_number_checks` toggle is on (checked by the service, so switching it off allows doubles).
 */
@Entity('equipment')
@Index('IDX_equipment_list', ['tenantId', 'archived', 'name', 'id'])
@Index('IDX_equipment_serial', ['tenantId', 'serialNumber'])
@Index('IDX_equipment_internal', ['tenantId', 'internalNumber'])
@Index('IDX_equipment_category', ['categoryId'])
export class Equipment {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  brand: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  model: string | null;

  @Column({ name: 'serial_number', type: 'varchar', length: 100, nullable: true })
  serialNumber: string | null;

  @Column({ name: 'internal_number', type: 'varchar', length: 100, nullable: true })
  internalNumber: string | null;

  /** The entity of the hierarchy the equipment belongs to (scope of who sees it). */
  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

  @Column({ name: 'site_id', type: 'integer', nullable: true })
  siteId: number | null;

  @ManyToOne(() => Site, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'site_id' })
  site: Relation<Site> | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  location: string | null;

  /** « Secteur » of the location (seed 002: location sector). */
  @Column({ name: 'sector_id', type: 'integer', nullable: true })
  sectorId: number | null;

  @ManyToOne(() => Sector, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'sector_id' })
  sector: Relation<Sector> | null;

  @Column({ name: 'location_precision', type: 'varchar', length: 255, nullable: true })
  locationPrecision: string | null;

  @Column({ name: 'category_id', type: 'integer', nullable: true })
  categoryId: number | null;

  @ManyToOne(() => EquipmentCategory, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'category_id' })
  category: Relation<EquipmentCategory> | null;

  @Column({ name: 'photo_file_id', type: 'integer', nullable: true })
  photoFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'photo_file_id' })
  photoFile: Relation<StoredFile> | null;

  @Column({ name: 'annex_file_id', type: 'integer', nullable: true })
  annexFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'annex_file_id' })
  annexFile: Relation<StoredFile> | null;

  @Column({ name: 'annex_label', type: 'varchar', length: 180, nullable: true })
  annexLabel: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
