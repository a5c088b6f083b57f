import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { Contact } from '../../crm/contact.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';
import { PlanCompany } from '../core/plan-company.entity';

/**
 * A person working on a plan for one of its companies (seed 002 "Staff member"). Internal staff
 * come from a CRM contact of the company's tiers (`contact_id`); external staff (`external`, e.g.
 * temporary workers) have no CRM record, only a name and a qualification. Name and qualification
 * are copied so the signed plan keeps them. `user_id`: the staff member's account, whose saved
 * signature the signing workflow (next issue) uses.
 */
@Entity('plan_staff')
@Index('IDX_plan_staff_tenant_plan', ['tenantId', 'planId'])
@Index('IDX_plan_staff_company', ['planCompanyId'])
@Index('UQ_plan_staff_contact', ['planCompanyId', 'contactId'], { unique: true, where: '"contact_id" IS NOT NULL' })
export class PlanStaff {
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

  @Column({ name: 'plan_company_id', type: 'integer' })
  planCompanyId: number;

  @ManyToOne(() => PlanCompany, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_company_id' })
  planCompany: Relation<PlanCompany>;

  @Column({ name: 'contact_id', type: 'integer', nullable: true })
  contactId: number | null;

  @ManyToOne(() => Contact, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'contact_id' })
  contact: Relation<Contact> | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ name: 'last_name', type: 'varchar', length: 150 })
  lastName: string;

  @Column({ name: 'first_name', type: 'varchar', length: 150, nullable: true })
  firstName: string | null;

  /** Function / qualification on the site. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  qualification: string | null;

  /** A person without a CRM contact (temporary worker ...). */
  @Column({ type: 'boolean', default: false })
  external: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
