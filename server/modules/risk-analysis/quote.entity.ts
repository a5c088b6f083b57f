import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { QuoteConsequence } from './quote-consequence.entity';
import { QuoteProbability } from './quote-probability.entity';
import { Tenant } from '../identity/tenant.entity';

/** A cell of the quote matrix: the quote given to a consequence x probability pair. */
@Entity('quote')
@Index('IDX_quote_tenant', ['tenantId'])
@Index('UQ_quote_cell', ['consequenceId', 'probabilityId'], { unique: true })
export class Quote {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'consequence_id', type: 'integer' })
  consequenceId: number;

  @ManyToOne(() => QuoteConsequence, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consequence_id' })
  consequence: Relation<QuoteConsequence>;

  @Column({ name: 'probability_id', type: 'integer' })
  probabilityId: number;

  @ManyToOne(() => QuoteProbability, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'probability_id' })
  probability: Relation<QuoteProbability>;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  @Column({ type: 'integer' })
  value: number;

  /** Hex colour (#rrggbb). */
  @Column({ type: 'varchar', length: 7 })
  color: string;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
