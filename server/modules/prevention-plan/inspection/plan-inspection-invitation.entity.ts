import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';

/**
 * An invitation to the prior joint inspection of a plan, as it was sent: when and where the
 * inspection takes place, the facilities made available, the message, and when the staff
 * representative body (CSE) was informed. Its recipients are `plan_inspection_invitee` rows.
 */
@Entity('plan_inspection_invitation')
@Index('IDX_plan_inspection_invitation_plan', ['tenantId', 'planId'])
export class PlanInspectionInvitation {
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

  /** Day and hour of the inspection (typed in Paris time). */
  @Column({ name: 'inspection_at', type: 'timestamptz' })
  inspectionAt: Date;

  @Column({ name: 'meeting_point', type: 'varchar', length: 255, nullable: true })
  meetingPoint: string | null;

  /** Facilities (installations, equipment) made available for the inspection. */
  @Column({ type: 'text' })
  facilities: string;

  @Column({ type: 'text' })
  message: string;

  /** When the CSE was informed of the inspection (at least 3 days before it), or null. */
  @Column({ name: 'cse_informed_at', type: 'timestamptz', nullable: true })
  cseInformedAt: Date | null;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
