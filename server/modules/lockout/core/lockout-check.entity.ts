import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { LockoutPoint } from './lockout-point.entity';
import { LockoutSlip } from './lockout-slip.entity';

/**
 * One required consignment of the slip's machine checked on the slip: `done` while the isolation
 * point is in place (by whom, when). Consigning needs every point done; deconsigning needs none left.
 */
@Entity('lockout_check')
@Index('UQ_lockout_check_point', ['slipId', 'pointId'], { unique: true })
@Index('IDX_lockout_check_slip', ['tenantId', 'slipId'])
@Index('IDX_lockout_check_point', ['pointId'])
export class LockoutCheck {
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

  @Column({ name: 'point_id', type: 'integer' })
  pointId: number;

  @ManyToOne(() => LockoutPoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'point_id' })
  point: Relation<LockoutPoint>;

  @Column({ type: 'boolean', default: false })
  done: boolean;

  @Column({ name: 'done_by_id', type: 'integer', nullable: true })
  doneById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'done_by_id' })
  doneBy: Relation<User> | null;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;
}
