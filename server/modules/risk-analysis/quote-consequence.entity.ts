import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** A column of the quote matrix (seed 000 "quote nomenclature"): how bad the outcome is, for people and for the environment. */
@Entity('quote_consequence')
@Index('IDX_quote_consequence_tenant', ['tenantId', 'level'])
export class QuoteConsequence {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  /** Rank on the matrix (1 = least severe). */
  @Column({ type: 'integer' })
  level: number;

  /** Human consequences at this level. */
  @Column({ type: 'text', nullable: true })
  human: string | null;

  /** Environmental consequences at this level. */
  @Column({ type: 'text', nullable: true })
  environmental: string | null;

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
