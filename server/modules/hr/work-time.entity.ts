import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Employee } from './employee.entity';

/** Hours worked and overtime of one employee on one day (seed 002 "Work time"). */
@Entity('work_time')
@Index('UQ_work_time_day', ['employeeId', 'day'], { unique: true })
@Index('IDX_work_time_period', ['tenantId', 'day'])
@Check('CHK_work_time_hours', '"hours_worked" >= 0 AND "hours_worked" <= 24 AND "overtime" >= 0 AND "overtime" <= 24')
export class WorkTime {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'employee_id', type: 'integer' })
  employeeId: number;

  @ManyToOne(() => Employee, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'employee_id' })
  employee: Relation<Employee>;

  @Column({ type: 'date' })
  day: string;

  @Column({ name: 'hours_worked', type: 'numeric', precision: 5, scale: 2, default: 0 })
  hoursWorked: string;

  @Column({ type: 'numeric', precision: 5, scale: 2, default: 0 })
  overtime: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
