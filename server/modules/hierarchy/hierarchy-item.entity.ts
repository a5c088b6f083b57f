import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { HierarchyType } from './hierarchy-type.entity';

/** A node of the organisation tree ("entité hiérarchique"): a company, a site, a building... */
@Entity('hierarchy_item')
@Index(['tenantId', 'parentId'])
export class HierarchyItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'type_id', type: 'integer' })
  typeId: number;

  @ManyToOne(() => HierarchyType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'type_id' })
  type: Relation<HierarchyType>;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<HierarchyItem> | null;

  @Column({ name: 'logo_file_id', type: 'integer', nullable: true })
  logoFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'logo_file_id' })
  logoFile: Relation<StoredFile> | null;

  @Column({ name: 'plan_file_id', type: 'integer', nullable: true })
  planFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_file_id' })
  planFile: Relation<StoredFile> | null;

  @Column({ name: 'company_name', type: 'varchar', length: 180, nullable: true })
  companyName: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  country: string | null;

  @Column({ name: 'responsible_last_name', type: 'varchar', length: 100, nullable: true })
  responsibleLastName: string | null;

  @Column({ name: 'responsible_first_name', type: 'varchar', length: 100, nullable: true })
  responsibleFirstName: string | null;

  @Column({ name: 'responsible_phone', type: 'varchar', length: 30, nullable: true })
  responsiblePhone: string | null;

  @Column({ name: 'responsible_mobile', type: 'varchar', length: 30, nullable: true })
  responsibleMobile: string | null;

  @Column({ name: 'responsible_email', type: 'varchar', length: 180, nullable: true })
  responsibleEmail: string | null;

  @Column({ name: 'labour_inspectorate_address', type: 'text', nullable: true })
  labourInspectorateAddress: string | null;

  @Column({ type: 'text', nullable: true })
  rescuers: string | null;

  @Column({ name: 'assembly_point', type: 'text', nullable: true })
  assemblyPoint: string | null;

  @Column({ name: 'emergency_numbers', type: 'text', nullable: true })
  emergencyNumbers: string | null;

  @Column({ name: 'area_m2', type: 'integer', nullable: true })
  areaM2: number | null;

  @Column({ name: 'level_count', type: 'integer', nullable: true })
  levelCount: number | null;

  @Column({ name: 'parking_spaces', type: 'integer', nullable: true })
  parkingSpaces: number | null;

  /** Optimistic lock, checked by hand. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read of the module skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
