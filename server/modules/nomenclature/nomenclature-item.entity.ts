import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import type { NomenclatureKind } from './nomenclature.kinds';

/**
 * One value of an administration list (efficiency synthesis, main source, injury type, injury site,
 * domain, PPE) of a company. The label is unique per company and kind among rows not in the trash,
 * checked by the service (a partial unique index would make restoring from the trash fail).
 */
@Entity('nomenclature_item')
@Index('IDX_nomenclature_item_list', ['tenantId', 'kind', 'position'])
@Check('CHK_nomenclature_item_position', '"position" >= 0')
export class NomenclatureItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 40 })
  kind: NomenclatureKind;

  @Column({ type: 'varchar', length: 180 })
  label: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
