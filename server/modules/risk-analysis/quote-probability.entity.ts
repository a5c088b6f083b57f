import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** A row of the quote matrix: how likely the outcome is. */
@Entity('quote_probability')
@Index('IDX_quote_probability_tenant', ['tenantId', 'level'])
export class QuoteProbability {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  /** Rank on the matrix (1 = least likely). */
  @Column({ type: 'integer' })
  level: number;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Typical frequency in words (« 1 fois par an »). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  frequency: string | null;

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
