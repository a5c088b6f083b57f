import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { PlanCompany } from '../core/plan-company.entity';
import { PlanInspectionInvitation } from './plan-inspection-invitation.entity';

/** Who an invitation goes to: a company's contact on the plan, a user holding the right, or the CSE. */
export const INVITEE_KINDS = ['company', 'user', 'cse'] as const;
export type InviteeKind = (typeof INVITEE_KINDS)[number];

/** One recipient of an inspection invitation, with the name and address the mail went to. */
@Entity('plan_inspection_invitee')
@Index('IDX_plan_inspection_invitee_invitation', ['tenantId', 'invitationId'])
@Check('CHK_plan_inspection_invitee_kind', `"kind" IN ('company', 'user', 'cse')`)
export class PlanInspectionInvitee {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'invitation_id', type: 'integer' })
  invitationId: number;

  @ManyToOne(() => PlanInspectionInvitation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invitation_id' })
  invitation: Relation<PlanInspectionInvitation>;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ name: 'plan_company_id', type: 'integer', nullable: true })
  planCompanyId: number | null;

  @ManyToOne(() => PlanCompany, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_company_id' })
  planCompany: Relation<PlanCompany> | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;
}
