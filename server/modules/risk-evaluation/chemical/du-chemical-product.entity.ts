import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { DuWorkstation } from '../core/du-workstation.entity';

/**
 * A chemical product of the unique risk document (seed 002 « Chemical risk »): its hazards (CLP
 * pictograms GHS01 to GHS09 and the CMR, safety and environmental hazards as written on the label),
 * prevention means and safety data sheet (file and date: flagged past 3 years).
 */
@Entity('du_chemical_product')
@Index('IDX_du_chemical_product_list', ['tenantId', 'archived', 'product', 'id'], { where: '"deleted_at" IS NULL' })
@Index('IDX_du_chemical_product_item', ['hierarchyItemId'])
@Index('IDX_du_chemical_product_workstation', ['workstationId'])
@Index('IDX_du_chemical_product_sds', ['sdsFileId'])
export class DuChemicalProduct {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'hierarchy_item_id', type: 'integer' })
  hierarchyItemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem>;

  @Column({ name: 'workstation_id', type: 'integer', nullable: true })
  workstationId: number | null;

  @ManyToOne(() => DuWorkstation, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'workstation_id' })
  workstation: Relation<DuWorkstation> | null;

  @Column({ type: 'varchar', length: 180 })
  product: string;

  @Column({ type: 'varchar', length: 180, nullable: true })
  maker: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** CLP hazard pictograms, `GHS01` to `GHS09`. */
  @Column({ type: 'varchar', length: 5, array: true, default: () => "'{}'" })
  pictograms: string[];

  @Column({ name: 'cmr_hazards', type: 'text', nullable: true })
  cmrHazards: string | null;

  @Column({ name: 'safety_hazards', type: 'text', nullable: true })
  safetyHazards: string | null;

  @Column({ name: 'environmental_hazards', type: 'text', nullable: true })
  environmentalHazards: string | null;

  @Column({ name: 'prevention_means', type: 'text', nullable: true })
  preventionMeans: string | null;

  @Column({ name: 'sds_file_id', type: 'integer', nullable: true })
  sdsFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sds_file_id' })
  sdsFile: Relation<StoredFile> | null;

  /** Date of the safety data sheet (its revision date). */
  @Column({ name: 'sds_date', type: 'date', nullable: true })
  sdsDate: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
