import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { Project } from './project.entity';
import { ProjectTask } from './project-task.entity';

/** A document of a project or of one of its tasks (seed 000: label, file, url): a file, a link, or both. */
@Entity('project_document')
@Index('IDX_project_document_project', ['tenantId', 'projectId'])
@Check('CHK_project_document_content', '"file_id" IS NOT NULL OR "url" IS NOT NULL')
export class ProjectDocument {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'project_id', type: 'integer' })
  projectId: number;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project: Relation<Project>;

  @Column({ name: 'task_id', type: 'integer', nullable: true })
  taskId: number | null;

  @ManyToOne(() => ProjectTask, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'task_id' })
  task: Relation<ProjectTask> | null;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ name: 'file_id', type: 'integer', nullable: true })
  fileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile> | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  url: string | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
