import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Service } from '../hierarchy/service.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';

/** Project states of seed 002. `late` is set by the daily job when the expected end has passed. */
export const PROJECT_STATES = ['unstarted', 'in_progress', 'completed', 'archived', 'late'] as const;
/** One project state. */
export type ProjectState = (typeof PROJECT_STATES)[number];

/**
 * A project of prevention work (seed 002 "Project"): label, description, image, expected start
 * and end, real end. `service_id` gives the service whose members see it with `project.view_service`.
 */
@Entity('project')
@Index('IDX_project_state', ['tenantId', 'state'])
// The list's order, expected end then lower(label) (expression, partial): migration ListQueryPlanIndexes.
@Index('IDX_project_list', { synchronize: false })
@Check('CHK_project_state', `"state" IN ('unstarted', 'in_progress', 'completed', 'archived', 'late')`)
@Check('CHK_project_dates', '"expected_end_date" IS NULL OR "expected_start_date" IS NULL OR "expected_end_date" >= "expected_start_date"')
export class Project {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'image_file_id', type: 'integer', nullable: true })
  imageFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_file_id' })
  imageFile: Relation<StoredFile> | null;

  @Column({ name: 'expected_start_date', type: 'date', nullable: true })
  expectedStartDate: string | null;

  @Column({ name: 'expected_end_date', type: 'date', nullable: true })
  expectedEndDate: string | null;

  @Column({ name: 'real_end_date', type: 'date', nullable: true })
  realEndDate: string | null;

  @Column({ type: 'varchar', length: 20, default: 'unstarted' })
  state: ProjectState;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

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
