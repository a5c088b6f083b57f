import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { PreventionPlan } from './prevention-plan.entity';

/** An advice is a notice ("avis") or a comment. */
export const ADVICE_KINDS = ['notice', 'comment'] as const;
export type AdviceKind = (typeof ADVICE_KINDS)[number];

/** A notice or comment posted on a plan by the ordering customer or a company's contact. */
@Entity('plan_advice')
@Index('IDX_plan_advice_plan', ['tenantId', 'planId'])
@Check('CHK_plan_advice_kind', `"kind" IN ('notice', 'comment')`)
export class PlanAdvice {
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

  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'author_id' })
  author: Relation<User> | null;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'text' })
  content: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
