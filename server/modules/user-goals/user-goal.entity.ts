import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/** Kinds of quarterly goal (spec: QHP, REX, V2SE). */
export const GOAL_KINDS = ['qhp', 'rex', 'v2se'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
/** Quarters T1 to T4. */
export const QUARTERS = [1, 2, 3, 4] as const;

/** A user's goal for one quarter of a year and one kind, in one company. */
@Entity('user_goal')
@Index('UQ_user_goal_cell', ['tenantId', 'userId', 'year', 'quarter', 'kind'], { unique: true })
@Check('CHK_user_goal_quarter', '"quarter" BETWEEN 1 AND 4')
@Check('CHK_user_goal_kind', `"kind" IN ('qhp', 'rex', 'v2se')`)
@Check('CHK_user_goal_value', '"value" >= 0')
export class UserGoal {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @Column({ type: 'integer' })
  year: number;

  @Column({ type: 'smallint' })
  quarter: number;

  @Column({ type: 'varchar', length: 10 })
  kind: GoalKind;

  @Column({ type: 'integer' })
  value: number;
}
