import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Service } from '../hierarchy/service.entity';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { ActivityCategory } from './activity-category.entity';
import { MedicalCheckupType } from './medical-checkup-type.entity';

/** Marital statuses offered on the employee form. */
export const MARITAL_STATUSES = ['single', 'married', 'pacs', 'cohabiting', 'divorced', 'widowed'] as const;
/** Contract kinds offered on the employee form. */
export const CONTRACT_TYPES = ['cdi', 'cdd', 'interim', 'apprentice', 'internship', 'other'] as const;
/** Civilities, as on users and contacts. */
export const EMPLOYEE_CIVILITIES = ['mr', 'mrs', 'ms'] as const;

/**
 * An HR employee of the company (seed 002 "Employee"). Linked to at most one user account
 * (`user_id` unique). `paid_leave_number` is the yearly paid-leave entitlement in working days,
 * counted from `paid_leave_reset_date`; `rtt` and `rest_time` are day counts too.
 */
@Entity('employee')
@Index('UQ_employee_user', ['userId'], { unique: true, where: '"user_id" IS NOT NULL' })
@Index('UQ_employee_matricule', ['tenantId', 'matricule'], { unique: true, where: '"matricule" IS NOT NULL AND "deleted_at" IS NULL' })
@Index('IDX_employee_name', ['tenantId', 'lastName', 'firstName'])
@Index('IDX_employee_activity_category', ['activityCategoryId'])
@Index('IDX_employee_checkup_type', ['medicalCheckupTypeId'])
// The list's order, lower(last_name), lower(first_name) (expression, partial): migration ListQueryPlanIndexes.
@Index('IDX_employee_list_name', { synchronize: false })
@Check('CHK_employee_dates', '"exit_date" IS NULL OR "entry_date" IS NULL OR "exit_date" >= "entry_date"')
export class Employee {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 50, nullable: true })
  matricule: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  civility: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  mobile: string | null;

  @Column({ name: 'entry_date', type: 'date', nullable: true })
  entryDate: string | null;

  @Column({ name: 'exit_date', type: 'date', nullable: true })
  exitDate: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  position: string | null;

  @Column({ name: 'social_security_number', type: 'varchar', length: 21, nullable: true })
  socialSecurityNumber: string | null;

  @Column({ name: 'birth_place', type: 'varchar', length: 255, nullable: true })
  birthPlace: string | null;

  @Column({ name: 'birth_date', type: 'date', nullable: true })
  birthDate: string | null;

  @Column({ name: 'marital_status', type: 'varchar', length: 20, nullable: true })
  maritalStatus: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  nationality: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  contract: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  qualification: string | null;

  @Column({ name: 'insee_code', type: 'varchar', length: 10, nullable: true })
  inseeCode: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  coefficient: string | null;

  @Column({ name: 'medical_checkup_date', type: 'date', nullable: true })
  medicalCheckupDate: string | null;

  @Column({ name: 'next_medical_checkup_date', type: 'date', nullable: true })
  nextMedicalCheckupDate: string | null;

  @Column({ name: 'medical_checkup_type_id', type: 'integer', nullable: true })
  medicalCheckupTypeId: number | null;

  @ManyToOne(() => MedicalCheckupType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'medical_checkup_type_id' })
  medicalCheckupType: Relation<MedicalCheckupType> | null;

  @Column({ name: 'welcome_booklet', type: 'boolean', default: false })
  welcomeBooklet: boolean;

  @Column({ name: 'btp_card', type: 'varchar', length: 50, nullable: true })
  btpCard: string | null;

  /** The employer's name when it is not the company itself (subsidiary, temp agency). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  company: string | null;

  @Column({ name: 'cv_file_id', type: 'integer', nullable: true })
  cvFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'cv_file_id' })
  cvFile: Relation<StoredFile> | null;

  @Column({ name: 'job_sheet_file_id', type: 'integer', nullable: true })
  jobSheetFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'job_sheet_file_id' })
  jobSheetFile: Relation<StoredFile> | null;

  @Column({ type: 'numeric', precision: 6, scale: 2, nullable: true })
  rtt: string | null;

  @Column({ name: 'paid_leave_number', type: 'numeric', precision: 6, scale: 2, default: 25 })
  paidLeaveNumber: string;

  @Column({ name: 'rest_time', type: 'numeric', precision: 6, scale: 2, nullable: true })
  restTime: string | null;

  @Column({ name: 'paid_leave_reset_date', type: 'date', nullable: true })
  paidLeaveResetDate: string | null;

  @Column({ name: 'activity_category_id', type: 'integer', nullable: true })
  activityCategoryId: number | null;

  @ManyToOne(() => ActivityCategory, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'activity_category_id' })
  activityCategory: Relation<ActivityCategory> | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
