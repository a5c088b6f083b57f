import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';

/** An amendment (avenant) of a plan: asked with a justification, or made automatically by a staff change. */
@Entity('plan_amendment')
@Index('UQ_plan_amendment_number', ['planId', 'number'], { unique: true })
@Index('IDX_plan_amendment_plan', ['tenantId', 'planId'])
export class PlanAmendment {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  /** 1 for the first amendment; the plan's `amendment_number` after it. */
  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'boolean', default: false })
  automatic: boolean;

  @Column({ name: 'from_state', type: 'varchar', length: 30 })
  fromState: string;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
