import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { Employee } from '../employee.entity';
import { MedicalCheckupType } from '../medical-checkup-type.entity';

/**
 * One medical check-up of an employee. `next_date` = `checkup_date` + the type's frequency,
 * computed when it is recorded (a later change of the type's frequency does not move it).
 * `alert_sent_at`: when HR managers were told that `next_date` is near (cleared when the dates change).
 */
@Entity('employee_medical_checkup')
@Index('IDX_employee_medical_checkup_employee', ['tenantId', 'employeeId', 'checkupDate'])
@Index('IDX_employee_medical_checkup_type', ['typeId'])
export class EmployeeMedicalCheckup {
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

  @Column({ name: 'type_id', type: 'integer' })
  typeId: number;

  @ManyToOne(() => MedicalCheckupType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'type_id' })
  type: Relation<MedicalCheckupType>;

  @Column({ name: 'checkup_date', type: 'date' })
  checkupDate: string;

  @Column({ name: 'next_date', type: 'date' })
  nextDate: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'alert_sent_at', type: 'timestamptz', nullable: true })
  alertSentAt: Date | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
