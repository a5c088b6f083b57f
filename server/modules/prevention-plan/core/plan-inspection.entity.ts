import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { PreventionPlan } from './prevention-plan.entity';

/** Who represents whom at the prior joint inspection: the user company, an outside company or a subcontractor. */
export const INSPECTION_PARTICIPANT_KINDS = ['user', 'outside', 'subcontractor'] as const;
export type InspectionParticipantKind = (typeof INSPECTION_PARTICIPANT_KINDS)[number];

/** A participant of the prior joint inspection: a user of the application or a named outside person. */
@Entity('plan_inspection_participant')
@Index('IDX_plan_inspection_participant_plan', ['tenantId', 'planId'])
@Check('CHK_plan_inspection_participant_kind', `"kind" IN ('user', 'outside', 'subcontractor')`)
@Check('CHK_plan_inspection_participant_who', `"user_id" IS NOT NULL OR "name" IS NOT NULL`)
export class PlanInspectionParticipant {
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

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  /** Name (and company) of a participant who is not a user. */
  @Column({ type: 'varchar', length: 180, nullable: true })
  name: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
