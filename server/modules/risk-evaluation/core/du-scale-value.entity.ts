import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** The three rating scales of the unique risk document (seed 002): gravity, frequency (probability), risk control. */
export const SCALE_KINDS = ['gravity', 'probability', 'control'] as const;
/** One rating scale. */
export type ScaleKind = (typeof SCALE_KINDS)[number];

/**
 * A value of a rating scale of the company (label, valuation, colour, short description). The three
 * scales share one table, told apart by `kind`: they have the same fields and the same rules.
 */
@Entity('du_scale_value')
@Index('IDX_du_scale_value_tenant_kind', ['tenantId', 'kind'])
@Check('CHK_du_scale_value_kind', `"kind" IN ('gravity', 'probability', 'control')`)
@Check('CHK_du_scale_value_valuation', '"valuation" >= 0')
export class DuScaleValue {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 20 })
  kind: ScaleKind;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  @Column({ type: 'integer' })
  valuation: number;

  /** `#rrggbb`. */
  @Column({ type: 'varchar', length: 7 })
  color: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
