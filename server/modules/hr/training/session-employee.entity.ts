import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { Employee } from '../employee.entity';
import { TrainingSession } from './training-session.entity';

/**
 * An employee registered on a session: `present` once attendance is marked; `notified_at` /
 * `notification_failed` record the session notification sent to that person.
 */
@Entity('session_employee')
@Index('UQ_session_employee', ['sessionId', 'employeeId'], { unique: true })
@Index('IDX_session_employee_employee', ['employeeId'])
export class SessionEmployee {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'session_id', type: 'integer' })
  sessionId: number;

  @ManyToOne(() => TrainingSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session: Relation<TrainingSession>;

  @Column({ name: 'employee_id', type: 'integer' })
  employeeId: number;

  @ManyToOne(() => Employee, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'employee_id' })
  employee: Relation<Employee>;

  @Column({ type: 'boolean', default: false })
  present: boolean;

  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;

  @Column({ name: 'notification_failed', type: 'boolean', default: false })
  notificationFailed: boolean;
}
