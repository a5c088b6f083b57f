import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Project } from './project.entity';

/** A user on a project (seed 000: project manager flag, manages project, function, user); once per project. */
@Entity('project_member')
@Index('UQ_project_member', ['projectId', 'userId'], { unique: true })
@Index('IDX_project_member_tenant', ['tenantId', 'userId'])
export class ProjectMember {
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

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @Column({ name: 'is_project_manager', type: 'boolean', default: false })
  isProjectManager: boolean;

  @Column({ name: 'manages_project', type: 'boolean', default: false })
  managesProject: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  function: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
