import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { DuWorkstation } from '../core/du-workstation.entity';
import { DuArduousnessCriterion } from './du-arduousness-criterion.entity';
import { DuArduousnessConstraint } from './du-arduousness-constraint.entity';

/** An exposure to an arduousness factor, per entity and workstation (seed 002 « Arduousness »). */
@Entity('du_arduousness_exposure')
@Index('IDX_du_arduousness_exposure_list', ['tenantId', 'archived', 'id'], { where: '"deleted_at" IS NULL' })
@Index('IDX_du_arduousness_exposure_item', ['hierarchyItemId'])
@Index('IDX_du_arduousness_exposure_workstation', ['workstationId'])
@Index('IDX_du_arduousness_exposure_criterion', ['criterionId'])
@Index('IDX_du_arduousness_exposure_constraint', ['constraintId'])
export class DuArduousnessExposure {
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

  @Column({ name: 'workstation_id', type: 'integer', nullable: true })
  workstationId: number | null;

  @ManyToOne(() => DuWorkstation, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'workstation_id' })
  workstation: Relation<DuWorkstation> | null;

  @Column({ name: 'criterion_id', type: 'integer' })
  criterionId: number;

  @ManyToOne(() => DuArduousnessCriterion, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'criterion_id' })
  criterion: Relation<DuArduousnessCriterion>;

  @Column({ name: 'constraint_id', type: 'integer' })
  constraintId: number;

  @ManyToOne(() => DuArduousnessConstraint, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'constraint_id' })
  constraint: Relation<DuArduousnessConstraint>;

  /** Yearly duration in the constraint's unit. */
  @Column({ type: 'integer' })
  duration: number;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
