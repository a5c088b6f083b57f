import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { PlanStaff } from '../prevention-plan';
import { Permit } from './permit.entity';

/** The people of a permit besides its manager. */
export const PERMIT_PERSON_ROLES = ['supervisor', 'worker', 'post_supervisor'] as const;

/**
 * A supervisor, worker or post-work supervisor of a permit: a user account, an outside worker of the
 * plan (`plan_staff_id`, name « First Last (Company) » copied), or a name only. `name` is kept as typed or copied.
 */
@Entity('permit_person')
@Index('IDX_permit_person_permit', ['tenantId', 'permitId'])
@Check('CHK_permit_person_role', `"role" IN ('supervisor', 'worker', 'post_supervisor')`)
export class PermitPerson {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'permit_id', type: 'integer' })
  permitId: number;

  @ManyToOne(() => Permit, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permit_id' })
  permit: Relation<Permit>;

  @Column({ type: 'varchar', length: 20 })
  role: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** The plan's outside worker this person was chosen as (null for an account or a typed name). */
  @Column({ name: 'plan_staff_id', type: 'integer', nullable: true })
  planStaffId: number | null;

  @ManyToOne(() => PlanStaff, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_staff_id' })
  planStaff: Relation<PlanStaff> | null;
}
