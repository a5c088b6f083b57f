import {
  Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { SignedDocumentColumns } from '../../signing/document-columns';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { Service } from '../../hierarchy/service.entity';
import { Sector } from '../../hierarchy/sector.entity';
import { WorkType } from '../../prevention-admin/work-type.entity';
import { PreventionOrganisation } from '../../prevention-admin/prevention-organisation.entity';
import { Tiers } from '../../crm/tiers.entity';

/** States of a plan (seed 002 section 4); the workflow moving between them comes with the next issue. */
export const PLAN_STATUSES = [
  'draft', 'waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Kinds of work site: a specific site, a technical stop, or normal work. */
export const WORK_SITE_TYPES = ['normal', 'specific', 'technical_stop'] as const;
export type WorkSiteType = (typeof WORK_SITE_TYPES)[number];

/**
 * A prevention plan ("plan de prévention", pdp, intervention): the agreement between the user
 * company and the outside companies before work starts (Code du travail R4512-6 and following).
 * Fields of seed 002 "Prevention plan (intervention)" and seed 001 section 3. Companies and staff
 * (H3), documents (H4) and risk analysis (H5) hang on it in their own tables.
 */
@Entity('prevention_plan')
@Index('UQ_prevention_plan_tenant_number', ['tenantId', 'pdpNumber'], { unique: true })
@Index('IDX_prevention_plan_tenant_status', ['tenantId', 'status'])
@Index('IDX_prevention_plan_tenant_dates', ['tenantId', 'startDate', 'endDate'])
// Open plans (not expired, archived nor deleted) by end date (partial): migration ListQueryPlanIndexes.
@Index('IDX_prevention_plan_open_end', { synchronize: false })
@Check('CHK_prevention_plan_status', `"status" IN ('draft', 'waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired')`)
@Check('CHK_prevention_plan_work_site_type', `"work_site_type" IN ('normal', 'specific', 'technical_stop')`)
export class PreventionPlan extends SignedDocumentColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** Number shown to users (`PDP-2026-0001`), unique in the tenant. */
  @Column({ name: 'pdp_number', type: 'varchar', length: 40 })
  pdpNumber: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  subject: string;

  /** The "donneur d'ordre": the user who orders the work and signs for the user company. */
  @Column({ name: 'ordering_customer_id', type: 'integer', nullable: true })
  orderingCustomerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'ordering_customer_id' })
  orderingCustomer: Relation<User> | null;

  /** The site (hierarchy item) where the work is done; optional for a plan in an outside company. */
  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  /** Punctual (true) or periodic (false); null while the choice is not made. */
  @Column({ name: 'is_punctual', type: 'boolean', nullable: true })
  isPunctual: boolean | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  frequency: string | null;

  /**
   * Carried out in an outside company's premises (toggle `plans_in_external_companies`):
   * the host company and its address replace the site.
   */
  @Column({ name: 'is_external', type: 'boolean', default: false })
  isExternal: boolean;

  /** Host company (CRM) of a plan carried out in an outside company. */
  @Column({ name: 'host_tiers_id', type: 'integer', nullable: true })
  hostTiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'host_tiers_id' })
  hostTiers: Relation<Tiers> | null;

  /** Free address of the intervention when it does not happen on one of our sites. */
  @Column({ name: 'intervention_address', type: 'text', nullable: true })
  interventionAddress: string | null;

  /** Plan made on the "MM" model (seed 001 `isMmModel`). */
  @Column({ name: 'is_mm_model', type: 'boolean', default: false })
  isMmModel: boolean;

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  /** Date the labour inspectorate was informed. */
  @Column({ name: 'information_job_inspection_date', type: 'date', nullable: true })
  informationJobInspectionDate: string | null;

  @Column({ name: 'planned_start_time', type: 'time', nullable: true })
  plannedStartTime: string | null;

  @Column({ name: 'planned_end_time', type: 'time', nullable: true })
  plannedEndTime: string | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @ManyToOne(() => Service, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'service_id' })
  service: Relation<Service> | null;

  @Column({ name: 'sector_id', type: 'integer', nullable: true })
  sectorId: number | null;

  @ManyToOne(() => Sector, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sector_id' })
  sector: Relation<Sector> | null;

  @Column({ name: 'sector_precision', type: 'varchar', length: 255, nullable: true })
  sectorPrecision: string | null;

  @Column({ name: 'description_sector', type: 'text', nullable: true })
  descriptionSector: string | null;

  @Column({ type: 'text', nullable: true })
  participants: string | null;

  /** Specific procedures to follow. */
  @Column({ type: 'text', nullable: true })
  procedures: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'order_number', type: 'varchar', length: 100, nullable: true })
  orderNumber: string | null;

  @Column({ type: 'text', nullable: true })
  comments: string | null;

  @Column({ name: 'work_site_type', type: 'varchar', length: 20, default: 'normal' })
  workSiteType: string;

  @Column({ name: 'production_stop', type: 'boolean', default: false })
  productionStop: boolean;

  @Column({ name: 'maximum_staff', type: 'integer', nullable: true })
  maximumStaff: number | null;

  /** Hours of work planned on this plan (the 400-hour rule counts them, H6). */
  @Column({ name: 'hours_worked', type: 'integer', nullable: true })
  hoursWorked: number | null;

  @Column({ type: 'text', nullable: true })
  equipment: string | null;

  /** Prior joint inspection ("inspection commune préalable"): day and time (Paris wall clock). */
  @Column({ name: 'prerun_inspection_date', type: 'date', nullable: true })
  prerunInspectionDate: string | null;

  @Column({ name: 'prerun_inspection_time', type: 'time', nullable: true })
  prerunInspectionTime: string | null;

  @Column({ name: 'installation_available', type: 'boolean', nullable: true })
  installationAvailable: boolean | null;

  @Column({ name: 'meeting_point', type: 'varchar', length: 255, nullable: true })
  meetingPoint: string | null;

  @Column({ name: 'labour_inspection_id', type: 'integer', nullable: true })
  labourInspectionId: number | null;

  @ManyToOne(() => PreventionOrganisation, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'labour_inspection_id' })
  labourInspection: Relation<PreventionOrganisation> | null;

  @Column({ name: 'occupational_medicine_id', type: 'integer', nullable: true })
  occupationalMedicineId: number | null;

  @ManyToOne(() => PreventionOrganisation, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'occupational_medicine_id' })
  occupationalMedicine: Relation<PreventionOrganisation> | null;

  @Column({ name: 'assembly_points', type: 'text', nullable: true })
  assemblyPoints: string | null;

  @Column({ name: 'emergency_numbers', type: 'text', nullable: true })
  emergencyNumbers: string | null;
}

/** A substitute of the ordering customer on a plan (may act for him). */
@Entity('plan_substitute')
export class PlanSubstitute {
  @PrimaryColumn({ name: 'plan_id', type: 'integer' })
  planId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}

/** Further entities (hierarchy items) concerned by a plan ("plusieurs entités"). */
@Entity('plan_hierarchy_item')
export class PlanHierarchyItem {
  @PrimaryColumn({ name: 'plan_id', type: 'integer' })
  planId: number;

  @PrimaryColumn({ name: 'hierarchy_item_id', type: 'integer' })
  hierarchyItemId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem>;
}

/** A type of work done under a plan (H6's `work_type`: dangerous flag, weighting, roof work). */
@Entity('plan_work_type')
export class PlanWorkType {
  @PrimaryColumn({ name: 'plan_id', type: 'integer' })
  planId: number;

  @PrimaryColumn({ name: 'work_type_id', type: 'integer' })
  workTypeId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @ManyToOne(() => WorkType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'work_type_id' })
  workType: Relation<WorkType>;
}

/** A rescue worker ("sauveteur secouriste") named in the safety block of a plan. */
@Entity('plan_rescue_worker')
export class PlanRescueWorker {
  @PrimaryColumn({ name: 'plan_id', type: 'integer' })
  planId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}
