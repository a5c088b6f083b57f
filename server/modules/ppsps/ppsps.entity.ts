import {
  Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { SignedDocumentColumns } from '../signing/document-columns';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { Tiers } from '../crm/tiers.entity';
import { PreventionOrganisation } from '../prevention-admin/prevention-organisation.entity';

/** States of a PPSPS (seed 002 section 4): the plan's, without the on-site signature path. */
export const PPSPS_STATUSES = ['draft', 'waiting_manual', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired'] as const;
export type PpspsStatus = (typeof PPSPS_STATUSES)[number];

/**
 * A PPSPS ("plan particulier de sécurité et de protection de la santé", Code du travail
 * R4532-56 and following): the safety plan of one company on a construction site. Fields of
 * seed 002 "PPSPS"; the companies (ET, MOE, MOA, SPS, ST), substitutes and signatures hang on it.
 */
@Entity('ppsps')
@Index('UQ_ppsps_tenant_number', ['tenantId', 'number'], { unique: true })
@Index('IDX_ppsps_tenant_status', ['tenantId', 'status'])
@Index('IDX_ppsps_list', ['tenantId', 'archived', 'startDate', 'id'])
@Check('CHK_ppsps_status', `"status" IN ('draft', 'waiting_manual', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired')`)
export class Ppsps extends SignedDocumentColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** Number shown to users (`PPSPS-2026-0001`), unique in the tenant. */
  @Column({ type: 'varchar', length: 40 })
  number: string;

  /** The construction site (hierarchy item). */
  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  /** The entity (hierarchy item, usually above the site) the PPSPS belongs to. */
  @Column({ name: 'entity_id', type: 'integer', nullable: true })
  entityId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'entity_id' })
  entity: Relation<HierarchyItem> | null;

  /** The correspondent: the user who answers for the PPSPS and signs it internally. */
  @Column({ name: 'correspondent_id', type: 'integer', nullable: true })
  correspondentId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'correspondent_id' })
  correspondent: Relation<User> | null;

  /** The company (CRM) the PPSPS is written for. */
  @Column({ name: 'tiers_id', type: 'integer', nullable: true })
  tiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers> | null;

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'start_time', type: 'time', nullable: true })
  startTime: string | null;

  @Column({ name: 'end_time', type: 'time', nullable: true })
  endTime: string | null;

  /** Address of the construction site. */
  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ name: 'nature_of_operations', type: 'text', nullable: true })
  natureOfOperations: string | null;

  @Column({ name: 'access_instructions', type: 'text', nullable: true })
  accessInstructions: string | null;

  @Column({ name: 'average_staff', type: 'integer', nullable: true })
  averageStaff: number | null;

  @Column({ name: 'peak_staff', type: 'integer', nullable: true })
  peakStaff: number | null;

  @Column({ type: 'text', nullable: true })
  vehicles: string | null;

  /** Date the works contract was signed: the PPSPS is due 30 days later (8 for light second-œuvre). */
  @Column({ name: 'contract_signed_date', type: 'date', nullable: true })
  contractSignedDate: string | null;

  /** Second-œuvre or minor works without particular risks (R4532-64/-65 reading: 8 days). */
  @Column({ name: 'second_oeuvre_without_risks', type: 'boolean', default: false })
  secondOeuvreWithoutRisks: boolean;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  designation: string | null;

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

  /** First aid and rescue arrangements (secouristes, trousse, évacuation). */
  @Column({ name: 'first_aid', type: 'text', nullable: true })
  firstAid: string | null;

  /** Welfare facilities of the site (cantonnement: vestiaires, réfectoire, sanitaires). */
  @Column({ name: 'welfare_facilities', type: 'text', nullable: true })
  welfareFacilities: string | null;

  @Column({ name: 'assembly_points', type: 'text', nullable: true })
  assemblyPoints: string | null;

  @Column({ name: 'emergency_numbers', type: 'text', nullable: true })
  emergencyNumbers: string | null;

  /** Joint inspection with the safety coordinator ("inspection commune", R4532-14). */
  @Column({ name: 'joint_inspection_date', type: 'date', nullable: true })
  jointInspectionDate: string | null;

  @Column({ name: 'joint_inspection_time', type: 'time', nullable: true })
  jointInspectionTime: string | null;

  @Column({ name: 'joint_inspection_place', type: 'varchar', length: 255, nullable: true })
  jointInspectionPlace: string | null;

  /** Building-site opening notice ("déclaration d'ouverture de chantier"): date of opening. */
  @Column({ name: 'opening_notice_date', type: 'date', nullable: true })
  openingNoticeDate: string | null;

  /** Number of the building permit the opening notice refers to. */
  @Column({ name: 'opening_notice_permit_number', type: 'varchar', length: 60, nullable: true })
  openingNoticePermitNumber: string | null;

  /** Who received the notice (town hall, DREETS, CARSAT, OPPBTP ...). */
  @Column({ name: 'opening_notice_recipients', type: 'text', nullable: true })
  openingNoticeRecipients: string | null;
}

/** A substitute of the correspondent (may act and sign for him). */
@Entity('ppsps_substitute')
export class PpspsSubstitute {
  @PrimaryColumn({ name: 'ppsps_id', type: 'integer' })
  ppspsId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => Ppsps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ppsps_id' })
  ppsps: Relation<Ppsps>;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}
