import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/**
 * A user lends their account to another user of the company for a date range (inclusive,
 * Paris days): during it the recipient may switch into the delegator's account.
 */
@Entity('user_delegation')
@Index(['tenantId', 'recipientId', 'startDate'])
@Index(['tenantId', 'delegatorId'])
export class UserDelegation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** The account lent. */
  @Column({ name: 'delegator_id', type: 'integer' })
  delegatorId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delegator_id' })
  delegator: Relation<User>;

  /** The user who may use it. */
  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id' })
  recipient: Relation<User>;

  /** First day (YYYY-MM-DD). */
  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  /** Last day, included (YYYY-MM-DD). */
  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
