import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { Questionnaire } from '../../questionnaire/questionnaire.entity';
import { Equipment } from './equipment.entity';
import { EquipmentCategory } from './equipment-category.entity';
import { EquipmentFamily } from './equipment-family.entity';
import { EquipmentType } from './equipment-type.entity';

/**
 * A periodic control to carry out (seed 002 « Control (controllable) »): what is controlled (an
 * equipment, or an installation without one), how often, by whom, with which control form, and its
 * next deadline, computed from the last control date and the frequency.
 */
@Entity('vgp_controllable')
@Index('IDX_vgp_controllable_deadline', ['tenantId', 'archived', 'deadline', 'id'])
@Index('IDX_vgp_controllable_equipment', ['equipmentId'])
@Index('IDX_vgp_controllable_operator', ['tenantId', 'operatorId', 'deadline'])
@Check('CHK_vgp_controllable_unit', `"frequency_unit" IN ('week', 'month', 'year')`)
@Check('CHK_vgp_controllable_frequency', `"frequency" IS NULL OR "frequency" BETWEEN 1 AND 1000`)
export class VgpControllable {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** The controlled equipment; null for an installation controlled without an equipment record (seed 001: « equipment flag »). */
  @Column({ name: 'equipment_id', type: 'integer', nullable: true })
  equipmentId: number | null;

  @ManyToOne(() => Equipment, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'equipment_id' })
  equipment: Relation<Equipment> | null;

  @Column({ name: 'category_id', type: 'integer', nullable: true })
  categoryId: number | null;

  @ManyToOne(() => EquipmentCategory, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'category_id' })
  category: Relation<EquipmentCategory> | null;

  @Column({ name: 'family_id', type: 'integer', nullable: true })
  familyId: number | null;

  @ManyToOne(() => EquipmentFamily, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'family_id' })
  family: Relation<EquipmentFamily> | null;

  @Column({ name: 'type_id', type: 'integer', nullable: true })
  typeId: number | null;

  @ManyToOne(() => EquipmentType, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'type_id' })
  type: Relation<EquipmentType> | null;

  @Column({ type: 'integer', nullable: true })
  frequency: number | null;

  @Column({ name: 'frequency_unit', type: 'varchar', length: 10, default: 'month' })
  frequencyUnit: string;

  /** The regulatory preset that filled the frequency, if any (`lifting`, `electrical_no_observation` …). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  preset: string | null;

  /** Who carries out the control (internal controller). */
  @Column({ name: 'operator_id', type: 'integer', nullable: true })
  operatorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'operator_id' })
  operator: Relation<User> | null;

  /** The next due date: last control date + frequency, or typed for a first control. */
  @Column({ type: 'date', nullable: true })
  deadline: string | null;

  @Column({ name: 'planned_date', type: 'date', nullable: true })
  plannedDate: string | null;

  @Column({ name: 'last_control_date', type: 'date', nullable: true })
  lastControlDate: string | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'client_name', type: 'varchar', length: 180, nullable: true })
  clientName: string | null;

  @Column({ name: 'client_contact', type: 'varchar', length: 180, nullable: true })
  clientContact: string | null;

  @Column({ name: 'client_phone', type: 'varchar', length: 40, nullable: true })
  clientPhone: string | null;

  @Column({ name: 'contract_start', type: 'date', nullable: true })
  contractStart: string | null;

  @Column({ name: 'contract_end', type: 'date', nullable: true })
  contractEnd: string | null;

  @Column({ name: 'hours_per_month', type: 'numeric', precision: 8, scale: 2, nullable: true })
  hoursPerMonth: string | null;

  @Column({ name: 'owned_by_client', type: 'boolean', nullable: true })
  ownedByClient: boolean | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  owner: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  matriculation: string | null;

  @Column({ name: 'park_number', type: 'varchar', length: 60, nullable: true })
  parkNumber: string | null;

  @Column({ type: 'numeric', precision: 9, scale: 6, nullable: true })
  latitude: string | null;

  @Column({ type: 'numeric', precision: 9, scale: 6, nullable: true })
  longitude: string | null;

  @Column({ name: 'modus_operandi', type: 'text', nullable: true })
  modusOperandi: string | null;

  @Column({ name: 'modus_operandi_file_id', type: 'integer', nullable: true })
  modusOperandiFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'modus_operandi_file_id' })
  modusOperandiFile: Relation<StoredFile> | null;

  @Column({ name: 'startup_date', type: 'date', nullable: true })
  startupDate: string | null;

  /** The control form (a questionnaire of owner type `vgp_form`) answered at each control. */
  @Column({ name: 'form_id', type: 'integer', nullable: true })
  formId: number | null;

  @ManyToOne(() => Questionnaire, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'form_id' })
  form: Relation<Questionnaire> | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
