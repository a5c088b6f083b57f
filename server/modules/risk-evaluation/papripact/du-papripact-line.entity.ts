import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/**
 * The PAPRIPACT's own fields of one action for one year (Code du travail L4121-3-1): conditions of
 * execution, indicator, cost estimate. The measure, deadline and owner are the action's (action
 * plan table, read by the part's query; no foreign key: actions go to the trash, not away).
 */
@Entity('du_papripact_line')
@Index('UQ_du_papripact_line', ['tenantId', 'actionId', 'year'], { unique: true })
@Index('IDX_du_papripact_line_action', ['actionId'])
export class DuPapripactLine {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'action_id', type: 'integer' })
  actionId: number;

  @Column({ type: 'integer' })
  year: number;

  @Column({ type: 'text', nullable: true })
  conditions: string | null;

  @Column({ type: 'text', nullable: true })
  indicator: string | null;

  @Column({ name: 'cost', type: 'numeric', precision: 15, scale: 2, nullable: true })
  cost: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
