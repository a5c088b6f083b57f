import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** A severity level of the quote scale (seed 002): the level whose [min, max] range holds a quote value; an empty max is open-ended. */
@Entity('severity_level')
@Index('IDX_severity_level_tenant', ['tenantId', 'minValue'])
@Check('CHK_severity_level_range', `"max_value" IS NULL OR "max_value" >= "min_value"`)
export class SeverityLevel {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Hex colour (#rrggbb). */
  @Column({ type: 'varchar', length: 7 })
  color: string;

  @Column({ name: 'min_value', type: 'integer' })
  minValue: number;

  /** Inclusive upper bound; null = no upper limit. */
  @Column({ name: 'max_value', type: 'integer', nullable: true })
  maxValue: number | null;

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
