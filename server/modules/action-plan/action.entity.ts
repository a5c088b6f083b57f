import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { Service } from '../hierarchy/service.entity';

/** The statuses of an action (seed 002, section 4), in workflow order. */
export const ACTION_STATUSES = ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED', 'CLOSED', 'ABANDONED'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Priority levels of an action. */
export const ACTION_LEVELS = ['normal', 'high', 'urgent'] as const;
export type ActionLevel = (typeof ACTION_LEVELS)[number];

/**
 * One action of the action plan (form `mfpreventionbundle_action`): what to do, who asked,
 * who does it and by when, how it was resolved, closed or abandoned. It may come from a
 * source record of another module (`source_type` + `source_id`, no foreign key) and follow
 * another action (`parent_action_id`).
 */
@Entity('action')
@Index('IDX_action_tenant_status', ['tenantId', 'status'])
@Index('IDX_action_tenant_assignee', ['tenantId', 'assigneeId'])
@Index('IDX_action_tenant_deadline', ['tenantId', 'deadline', 'id'])
@Index('IDX_action_tenant_creator', ['tenantId', 'creatorId'])
@Index('IDX_action_tenant_source', ['tenantId', 'sourceType', 'sourceId'])
@Index('IDX_action_tenant_archived_id', ['tenantId', 'archived', 'id'])
// Closed actions by closure date, newest first (DESC NULLS LAST, partial): migration ListQueryPlanIndexes.
@Index('IDX_action_closure', { synchronize: false })
export class Action {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 20, default: 'DRAFT' })
  status: string;

  /** What has to be done (the spec's `comments`). */
  @Column({ type: 'text' })
  comments: string;

  @Column({ type: 'text', nullable: true })
  complement: string | null;

  /** Carried out on the spot (immediate action). */
  @Column({ type: 'boolean', default: false })
  immediate: boolean;

  @Column({ type: 'varchar', length: 10, default: 'normal' })
  level: string;

  @Column({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'creator_id' })
  creator: Relation<User>;

  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'assignee_id' })
  assignee: Relation<User> | null;

  @Column({ type: 'date', nullable: true })
  deadline: string | null;

  @Column({ name: 'resolution_explanation', type: 'text', nullable: true })
  resolutionExplanation: string | null;

  /** An item of the `efficiency_synthesis` nomenclature (no foreign key: that module owns its table). */
  @Column({ name: 'efficiency_synthesis_id', type: 'integer', nullable: true })
  efficiencySynthesisId: number | null;

  @Column({ name: 'closure_date', type: 'date', nullable: true })
  closureDate: string | null;

  @Column({ name: 'abandon_explanation', type: 'text', nullable: true })
  abandonExplanation: string | null;

  @Column({ name: 'attachment_file1_id', type: 'integer', nullable: true })
  attachmentFile1Id: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'attachment_file1_id' })
  attachmentFile1: Relation<StoredFile> | null;

  @Column({ name: 'attachment_file2_id', type: 'integer', nullable: true })
  attachmentFile2Id: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'attachment_file2_id' })
  attachmentFile2: Relation<StoredFile> | null;

  @Column({ name: 'close_file_id', type: 'integer', nullable: true })
  closeFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'close_file_id' })
  closeFile: Relation<StoredFile> | null;

  @Column({ name: 'abandon_file_id', type: 'integer', nullable: true })
  abandonFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'abandon_file_id' })
  abandonFile: Relation<StoredFile> | null;

  /** Kind of the source record (`event`, `risk_evaluation` ...), see action-sources.ts. */
  @Column({ name: 'source_type', type: 'varchar', length: 40, nullable: true })
  sourceType: string | null;

  @Column({ name: 'source_id', type: 'integer', nullable: true })
  sourceId: number | null;

  /** Scope of the action for `action.view_all` and the hierarchy filter. */
  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

  /** The action this one follows (created by "new action" when the parent was closed). */
  @Column({ name: 'parent_action_id', type: 'integer', nullable: true })
  parentActionId: number | null;

  @ManyToOne(() => Action, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'parent_action_id' })
  parentAction: Relation<Action> | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  /** Reminders already mailed, as `<kind>:<deadline>:<assignee>` (so a job run twice mails once). */
  @Column({ name: 'reminders_sent', type: 'varchar', length: 60, array: true, default: () => "'{}'" })
  remindersSent: string[];

  /** Optimistic lock: bumped by every save and transition. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Set while the action is in the shared trash (deleted drafts). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
