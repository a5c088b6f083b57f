import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { LockoutSlip } from './lockout-slip.entity';

/** Padlock status of a staff member: never put, on the machine, taken off. */
export const PADLOCK_STATES = ['none', 'on', 'off'] as const;
/** One padlock status. */
export type PadlockState = (typeof PADLOCK_STATES)[number];

/**
 * A staff member of a slip (seed 001 « staff member »): a worker of the linked plan, a user or a
 * free name; their padlock (status, date, comment) and their signature.
 */
@Entity('lockout_staff')
@Index('IDX_lockout_staff_slip', ['tenantId', 'slipId', 'id'])
@Index('IDX_lockout_staff_plan_staff', ['planStaffId'])
@Index('IDX_lockout_staff_user', ['userId'])
export class LockoutStaff {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'slip_id', type: 'integer' })
  slipId: number;

  @ManyToOne(() => LockoutSlip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'slip_id' })
  slip: Relation<LockoutSlip>;

  @Column({ name: 'plan_staff_id', type: 'integer', nullable: true })
  planStaffId: number | null;

  @ManyToOne('plan_staff', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_staff_id' })
  planStaff?: unknown;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  /** The name shown and printed (copied from the plan staff or the user, or typed). */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 10, default: 'none' })
  padlock: string;

  @Column({ name: 'padlock_at', type: 'timestamptz', nullable: true })
  padlockAt: Date | null;

  @Column({ name: 'padlock_comment', type: 'text', nullable: true })
  padlockComment: string | null;

  /** PNG data URL of the signature, null until signed. */
  @Column({ name: 'signature_image', type: 'text', nullable: true })
  signatureImage: string | null;

  @Column({ name: 'signer_name', type: 'varchar', length: 255, nullable: true })
  signerName: string | null;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
