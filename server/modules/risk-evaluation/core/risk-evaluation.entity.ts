import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { WorkUnit } from '../../hierarchy/work-unit.entity';
import { DuDangerFamily } from './du-danger-family.entity';
import { DuPriorityLevel } from './du-priority-level.entity';
import { DuScaleValue } from './du-scale-value.entity';
import { DuWorkstation } from './du-workstation.entity';

/**
 * A risk evaluation, one line of the unique risk document (seed 002): where (entity, work unit,
 * workstation), what (danger family, associated risks, dangerous situation), its rating and the
 * measures in place. `grossRisk`, `priorityRisk` and `priorityLevelId` are computed by the server
 * (gravity × probability, × control, the level whose range holds it) on every save and whenever a
 * scale value or the levels change, so the list filters and colours by level from an index.
 */
@Entity('risk_evaluation')
// The list: most critical first within a company, archived or not, read from this index backwards.
@Index('IDX_risk_evaluation_list', ['tenantId', 'archived', 'priorityRisk', 'id'], { where: '"deleted_at" IS NULL' })
@Index('IDX_risk_evaluation_item', ['tenantId', 'hierarchyItemId'])
@Index('IDX_risk_evaluation_work_unit', ['workUnitId'])
@Index('IDX_risk_evaluation_workstation', ['workstationId'])
@Index('IDX_risk_evaluation_family', ['dangerFamilyId'])
@Index('IDX_risk_evaluation_gravity', ['gravityId'])
@Index('IDX_risk_evaluation_probability', ['probabilityId'])
@Index('IDX_risk_evaluation_control', ['controlId'])
@Index('IDX_risk_evaluation_level', ['priorityLevelId'])
@Index('IDX_risk_evaluation_residual', ['residualLevelId'])
export class RiskEvaluation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'hierarchy_item_id', type: 'integer' })
  hierarchyItemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem>;

  @Column({ name: 'work_unit_id', type: 'integer' })
  workUnitId: number;

  @ManyToOne(() => WorkUnit, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'work_unit_id' })
  workUnit: Relation<WorkUnit>;

  @Column({ name: 'workstation_id', type: 'integer', nullable: true })
  workstationId: number | null;

  @ManyToOne(() => DuWorkstation, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'workstation_id' })
  workstation: Relation<DuWorkstation> | null;

  @Column({ name: 'danger_family_id', type: 'integer' })
  dangerFamilyId: number;

  @ManyToOne(() => DuDangerFamily, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'danger_family_id' })
  dangerFamily: Relation<DuDangerFamily>;

  @Column({ name: 'dangerous_situation', type: 'text' })
  dangerousSituation: string;

  @Column({ name: 'gravity_id', type: 'integer' })
  gravityId: number;

  @ManyToOne(() => DuScaleValue, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'gravity_id' })
  gravity: Relation<DuScaleValue>;

  @Column({ name: 'probability_id', type: 'integer' })
  probabilityId: number;

  @ManyToOne(() => DuScaleValue, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'probability_id' })
  probability: Relation<DuScaleValue>;

  /** Gravity × initial probability (computed). */
  @Column({ name: 'gross_risk', type: 'integer' })
  grossRisk: number;

  @Column({ name: 'organisational_measures', type: 'text', nullable: true })
  organisationalMeasures: string | null;

  @Column({ name: 'technical_measures', type: 'text', nullable: true })
  technicalMeasures: string | null;

  @Column({ name: 'control_id', type: 'integer' })
  controlId: number;

  @ManyToOne(() => DuScaleValue, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'control_id' })
  control: Relation<DuScaleValue>;

  /** Gross risk × risk control (computed). */
  @Column({ name: 'priority_risk', type: 'integer' })
  priorityRisk: number;

  /** The level whose range holds the priority risk (computed); null when no level covers it. */
  @Column({ name: 'priority_level_id', type: 'integer', nullable: true })
  priorityLevelId: number | null;

  @ManyToOne(() => DuPriorityLevel, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'priority_level_id' })
  priorityLevel: Relation<DuPriorityLevel> | null;

  /** The residual risk: the level expected once the measures and actions are in place (chosen). */
  @Column({ name: 'residual_level_id', type: 'integer', nullable: true })
  residualLevelId: number | null;

  @ManyToOne(() => DuPriorityLevel, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'residual_level_id' })
  residualLevel: Relation<DuPriorityLevel> | null;

  /** Frequency of exposure (« quotidienne », « 2 h par semaine » ...). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  frequency: string | null;

  @Column({ name: 'exposure_modalities', type: 'text', nullable: true })
  exposureModalities: string | null;

  /** The writer (rédacteur) of the evaluation. */
  @Column({ name: 'supervisor_id', type: 'integer', nullable: true })
  supervisorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'supervisor_id' })
  supervisor: Relation<User> | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
