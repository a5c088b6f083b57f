import {
  Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { SignedDocumentColumns } from '../signing/document-columns';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { Tiers } from '../crm/tiers.entity';
import { HandlingEquipment, Packaging, TransportVehicle } from './security-protocol-lists.entity';

/** States of a protocol: the plan's states without the on-site signature (seed 002 section 4). */
export const PROTOCOL_STATUSES = ['draft', 'waiting_manual', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired'] as const;
export type ProtocolStatus = (typeof PROTOCOL_STATUSES)[number];

/** Loading, unloading, or both. */
export const OPERATION_TYPES = ['loading', 'unloading', 'both'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/**
 * A security protocol ("protocole de sécurité", PDS, shown as "opération"): the written agreement
 * between the host company and a carrier for loading or unloading (Code du travail R4515-4 and
 * following). Fields of seed 002 "Security protocol (operation)".
 */
@Entity('security_protocol')
@Index('UQ_security_protocol_tenant_number', ['tenantId', 'pdsNumber'], { unique: true })
@Index('IDX_security_protocol_tenant_status', ['tenantId', 'status'])
@Index('IDX_security_protocol_list', ['tenantId', 'archived', 'startDate', 'id'])
@Check('CHK_security_protocol_status', `"status" IN ('draft', 'waiting_manual', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired')`)
@Check('CHK_security_protocol_operation_type', `"operation_type" IS NULL OR "operation_type" IN ('loading', 'unloading', 'both')`)
export class SecurityProtocol extends SignedDocumentColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** Protocol number (`pdsNumber`), typed by the user, unique in the tenant. */
  @Column({ name: 'pds_number', type: 'varchar', length: 40 })
  pdsNumber: string;

  @Column({ name: 'nature_of_goods', type: 'varchar', length: 255, default: '' })
  natureOfGoods: string;

  /** The user in charge of the protocol for the host company; he signs internally. */
  @Column({ name: 'responsible_id', type: 'integer', nullable: true })
  responsibleId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'responsible_id' })
  responsible: Relation<User> | null;

  /** The entity or site (hierarchy item) where the operation happens. */
  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  /** The host company from the CRM, or… */
  @Column({ name: 'company_tiers_id', type: 'integer', nullable: true })
  companyTiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'company_tiers_id' })
  companyTiers: Relation<Tiers> | null;

  /** …its name typed by hand. */
  @Column({ name: 'company_name', type: 'varchar', length: 255, nullable: true })
  companyName: string | null;

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  /** Punctual (true) or repetitive (false); null while the choice is not made. */
  @Column({ name: 'is_punctual', type: 'boolean', nullable: true })
  isPunctual: boolean | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  frequency: string | null;

  @Column({ name: 'operation_type', type: 'varchar', length: 20, nullable: true })
  operationType: OperationType | null;

  /** The "description" tab: how the operation goes. */
  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** The "designation" tab: what is loaded or unloaded, in detail. */
  @Column({ type: 'text', nullable: true })
  designation: string | null;
}

/** A substitute of the responsible on a protocol (may act and sign for him). */
@Entity('security_protocol_substitute')
export class SecurityProtocolSubstitute {
  @PrimaryColumn({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}

/** A packaging used by a protocol. */
@Entity('security_protocol_packaging')
export class SecurityProtocolPackaging {
  @PrimaryColumn({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @PrimaryColumn({ name: 'packaging_id', type: 'integer' })
  packagingId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;

  @ManyToOne(() => Packaging, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'packaging_id' })
  packaging: Relation<Packaging>;
}

/** A transport vehicle used by a protocol. */
@Entity('security_protocol_vehicle')
export class SecurityProtocolVehicle {
  @PrimaryColumn({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @PrimaryColumn({ name: 'vehicle_id', type: 'integer' })
  vehicleId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;

  @ManyToOne(() => TransportVehicle, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'vehicle_id' })
  vehicle: Relation<TransportVehicle>;
}

/** A handling equipment used by a protocol. */
@Entity('security_protocol_handling_equipment')
export class SecurityProtocolHandlingEquipment {
  @PrimaryColumn({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @PrimaryColumn({ name: 'equipment_id', type: 'integer' })
  equipmentId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;

  @ManyToOne(() => HandlingEquipment, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'equipment_id' })
  equipment: Relation<HandlingEquipment>;
}
