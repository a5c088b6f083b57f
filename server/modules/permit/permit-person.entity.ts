import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Permit } from './permit.entity';

/** The people of a permit besides its manager. */
export const PERMIT_PERSON_ROLES = ['supervisor', 'worker', 'post_supervisor'] as const;

/**
 * A supervisor, worker or post-work supervisor of a permit: a user account, or an outside worker
 * by name only (`user_id` null). `name` is kept as typed or copied from the account.
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
}
