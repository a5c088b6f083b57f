import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/**
 * A priority level of the company (seed 002): the evaluations whose priority risk lies in
 * [min, max] have this level; an empty max has no upper limit. The levels of a company follow one
 * another without overlap nor gap (checked when they are saved, all together). Deleted for good
 * (never trashed): restoring one from the trash would bring back a range the others no longer leave free.
 */
@Entity('du_priority_level')
@Index('IDX_du_priority_level_tenant_min', ['tenantId', 'minValue'])
@Check('CHK_du_priority_level_range', '"max_value" IS NULL OR "max_value" >= "min_value"')
export class DuPriorityLevel {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  @Column({ name: 'min_value', type: 'integer' })
  minValue: number;

  @Column({ name: 'max_value', type: 'integer', nullable: true })
  maxValue: number | null;

  /** `#rrggbb`. */
  @Column({ type: 'varchar', length: 7 })
  color: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
