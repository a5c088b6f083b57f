import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Event } from '../event/event.entity';
import { Employee } from './employee.entity';
import { AccidentType } from './accident-type.entity';

/** Interruption types (seed 000: WORK_ACCIDENT or another value). Only WORK_ACCIDENT counts in TF / TG. */
export const WORK_INTERRUPTION_TYPES = ['WORK_ACCIDENT', 'COMMUTING_ACCIDENT', 'OCCUPATIONAL_DISEASE', 'SICK_LEAVE', 'UNAVAILABILITY', 'OTHER'] as const;
/** One interruption type. */
export type WorkInterruptionType = (typeof WORK_INTERRUPTION_TYPES)[number];
/** Severity levels of a work accident, lightest first. */
export const ACCIDENT_SEVERITIES = ['minor', 'moderate', 'serious', 'very_serious', 'fatal'] as const;

/**
 * A work accident or another interruption of an employee's work (seed 002 "Work
 * accident/interruption"). A WORK_ACCIDENT needs `accident_date`, any other type
 * `interruption_start_date`; an accident without interruption dates had no lost time.
 * `event_id` is its accident analysis (event of kind `at`): with one, it cannot be deleted.
 */
@Entity('work_interruption')
@Index('IDX_work_interruption_employee', ['tenantId', 'employeeId'])
@Index('IDX_work_interruption_period', ['tenantId', 'interruptionStartDate'])
@Index('IDX_work_interruption_accident_type', ['accidentTypeId'])
// The list's order, coalesce(accident_date, interruption_start_date) (expression, partial): migration ListQueryPlanIndexes.
@Index('IDX_work_interruption_list_date', { synchronize: false })
@Check('CHK_work_interruption_type', `"type" IN ('WORK_ACCIDENT', 'COMMUTING_ACCIDENT', 'OCCUPATIONAL_DISEASE', 'SICK_LEAVE', 'UNAVAILABILITY', 'OTHER')`)
@Check('CHK_work_interruption_required', `("type" = 'WORK_ACCIDENT' AND "accident_date" IS NOT NULL) OR ("type" <> 'WORK_ACCIDENT' AND "interruption_start_date" IS NOT NULL)`)
@Check('CHK_work_interruption_dates', '"interruption_end_date" IS NULL OR ("interruption_start_date" IS NOT NULL AND "interruption_end_date" >= "interruption_start_date")')
export class WorkInterruption {
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

  @Column({ type: 'varchar', length: 30 })
  type: WorkInterruptionType;

  @Column({ name: 'accident_date', type: 'date', nullable: true })
  accidentDate: string | null;

  @Column({ name: 'interruption_start_date', type: 'date', nullable: true })
  interruptionStartDate: string | null;

  @Column({ name: 'interruption_end_date', type: 'date', nullable: true })
  interruptionEndDate: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  severity: string | null;

  @Column({ name: 'substitute_position', type: 'varchar', length: 255, nullable: true })
  substitutePosition: string | null;

  @Column({ name: 'accident_type_id', type: 'integer', nullable: true })
  accidentTypeId: number | null;

  @ManyToOne(() => AccidentType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'accident_type_id' })
  accidentType: Relation<AccidentType> | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'text', nullable: true })
  cause: string | null;

  @Column({ name: 'event_id', type: 'integer', nullable: true })
  eventId: number | null;

  @ManyToOne(() => Event, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'event_id' })
  event: Relation<Event> | null;

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

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
