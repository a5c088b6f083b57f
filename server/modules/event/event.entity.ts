import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { Service } from '../hierarchy/service.entity';
import { WorkUnit } from '../hierarchy/work-unit.entity';
import { EventType } from './event-type.entity';

/**
 * An event (seed 002 §3): one row for every kind, the kind-specific columns left empty for
 * the others. Nomenclature ids (domains, main source, injury types and sites, PPE) and the
 * questionnaire carry no foreign key, so this module's migration stays independent of theirs.
 */
@Entity('event')
// The list's default order (date, newest first, undated last), read from the index without a sort:
// its DESC NULLS LAST cannot be declared here, so migration AddEventListDateIndex owns it.
@Index('IDX_event_list_date', { synchronize: false })
@Index(['tenantId', 'status'])
@Index(['tenantId', 'eventDate'])
@Index(['tenantId', 'kind'])
@Index('IDX_event_event_type', ['eventTypeId'])
@Check('CHK_event_kind', `"kind" IN ('generic', 'at', 'qhp', 'rex', 'vms', 'audit', 'construction_site', 'custom')`)
@Check('CHK_event_status', `"status" IN ('DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR', 'CLOSED', 'ABANDONED')`)
@Check('CHK_event_visit_type', `"visit_type" IS NULL OR "visit_type" IN ('COLLABORATOR', 'AGENCY', 'VEHICLE')`)
export class Event {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** The custom event type (kind `custom`). */
  @Column({ name: 'event_type_id', type: 'integer', nullable: true })
  eventTypeId: number | null;

  @ManyToOne(() => EventType, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'event_type_id' })
  eventType: Relation<EventType> | null;

  /** The questionnaire filled (custom type's, or the construction-site survey). */
  @Column({ name: 'questionnaire_id', type: 'integer', nullable: true })
  questionnaireId: number | null;

  @Column({ type: 'varchar', length: 30, default: 'DRAFT' })
  status: string;

  /** Empty only on a draft. */
  @Column({ type: 'varchar', length: 255, default: '' })
  subject: string;

  /** `YYYY-MM-DD`; null only on a draft. */
  @Column({ name: 'event_date', type: 'date', nullable: true })
  eventDate: string | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  @Column({ name: 'supervisor_id', type: 'integer', nullable: true })
  supervisorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'supervisor_id' })
  supervisor: Relation<User> | null;

  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'creator_id' })
  creator: Relation<User> | null;

  @Column({ type: 'boolean', default: false })
  confidential: boolean;

  @Column({ type: 'boolean', default: false })
  notified: boolean;

  @Column({ type: 'text', nullable: true })
  observations: string | null;

  /** Nomenclature `main_source`. */
  @Column({ name: 'main_source_id', type: 'integer', nullable: true })
  mainSourceId: number | null;

  /** Nomenclature `domain` ids. */
  @Column({ name: 'domain_ids', type: 'integer', array: true, default: () => "'{}'" })
  domainIds: number[];

  /** The project the event belongs to (no foreign key; chosen on the form, see `event-project.ts`). */
  @Column({ name: 'project_id', type: 'integer', nullable: true })
  projectId: number | null;

  /** Conformity rate of the questionnaire answers (one decimal), when they carry conforming flags. */
  @Column({ name: 'conformity_rate', type: 'double precision', nullable: true })
  conformityRate: number | null;

  // Accident analysis ("at").
  @Column({ name: 'work_unit_id', type: 'integer', nullable: true })
  workUnitId: number | null;

  @ManyToOne(() => WorkUnit, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'work_unit_id' })
  workUnit: Relation<WorkUnit> | null;

  /** Lesions: nomenclature `injury_type` ids. */
  @Column({ name: 'injury_type_ids', type: 'integer', array: true, default: () => "'{}'" })
  injuryTypeIds: number[];

  /** Nomenclature `injury_site` ids. */
  @Column({ name: 'injury_site_ids', type: 'integer', array: true, default: () => "'{}'" })
  injurySiteIds: number[];

  /** Nomenclature `ppe` ids (PPE worn). */
  @Column({ name: 'ppe_ids', type: 'integer', array: true, default: () => "'{}'" })
  ppeIds: number[];

  @Column({ name: 'state_of_play', type: 'text', nullable: true })
  stateOfPlay: string | null;

  @Column({ type: 'text', nullable: true })
  ambiance: string | null;

  @Column({ name: 'victim_activity', type: 'text', nullable: true })
  victimActivity: string | null;

  @Column({ type: 'text', nullable: true })
  equipment: string | null;

  @Column({ name: 'technical_causes', type: 'text', nullable: true })
  technicalCauses: string | null;

  @Column({ name: 'human_causes', type: 'text', nullable: true })
  humanCauses: string | null;

  @Column({ name: 'organisational_causes', type: 'text', nullable: true })
  organisationalCauses: string | null;

  // Safety visit ("vms").
  @Column({ name: 'visit_type', type: 'varchar', length: 20, nullable: true })
  visitType: string | null;

  @Column({ name: 'vehicle_brand', type: 'varchar', length: 100, nullable: true })
  vehicleBrand: string | null;

  @Column({ name: 'vehicle_model', type: 'varchar', length: 100, nullable: true })
  vehicleModel: string | null;

  @Column({ name: 'vehicle_registration', type: 'varchar', length: 20, nullable: true })
  vehicleRegistration: string | null;

  /** The custom type's automatic action was created (once, when the event left the draft). */
  @Column({ name: 'auto_action_done', type: 'boolean', default: false })
  autoActionDone: boolean;

  /** `"<questionId>:<answerId>"` pairs whose action was already created. */
  @Column({ name: 'answer_actions', type: 'jsonb', default: () => "'[]'" })
  answerActions: string[];

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt: Date | null;

  /** Set while the event is in the trash (shared soft delete). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
