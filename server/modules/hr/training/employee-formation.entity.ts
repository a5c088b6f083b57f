import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { Employee } from '../employee.entity';
import { Formation } from './formation.entity';
import { TrainingSession } from './training-session.entity';

/**
 * A formation held by an employee: made when attendance is marked on a session (obtained = the
 * session's last day, expires = obtained + the formation's validity; null = permanent).
 * `alerted_at` is when HR managers were told it enters its alert window.
 */
@Entity('employee_formation')
@Index('UQ_employee_formation_session', ['sessionId', 'employeeId'], { unique: true, where: '"session_id" IS NOT NULL' })
@Index('IDX_employee_formation_employee', ['tenantId', 'employeeId', 'formationId'])
@Check('CHK_employee_formation_dates', '"expires_on" IS NULL OR "expires_on" >= "obtained_on"')
export class EmployeeFormation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'employee_id', type: 'integer' })
  employeeId: number;

  @ManyToOne(() => Employee, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'employee_id' })
  employee: Relation<Employee>;

  @Column({ name: 'formation_id', type: 'integer' })
  formationId: number;

  @ManyToOne(() => Formation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'formation_id' })
  formation: Relation<Formation>;

  @Column({ name: 'obtained_on', type: 'date' })
  obtainedOn: string;

  @Column({ name: 'expires_on', type: 'date', nullable: true })
  expiresOn: string | null;

  @Column({ name: 'session_id', type: 'integer', nullable: true })
  sessionId: number | null;

  @ManyToOne(() => TrainingSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session: Relation<TrainingSession> | null;

  @Column({ name: 'alerted_at', type: 'timestamptz', nullable: true })
  alertedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
