import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Lot } from './lot.entity';

/** A specification (sub-lot) of a works lot. */
@Entity('lot_specification')
@Index('IDX_lot_specification_lot', ['tenantId', 'lotId'])
export class LotSpecification {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'lot_id', type: 'integer' })
  lotId: number;

  @ManyToOne(() => Lot, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lot_id' })
  lot: Relation<Lot>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

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
