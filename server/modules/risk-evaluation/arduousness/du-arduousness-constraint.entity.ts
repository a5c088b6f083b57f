import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { DuArduousnessCriterion } from './du-arduousness-criterion.entity';

/**
 * A constraint of a criterion: what is measured (« Bruit Lex,8h ≥ 81 dB(A) »), the unit the
 * exposure's duration is counted in (« heures par an ») and the legal threshold from which the
 * exposure counts (Code du travail D4163-2).
 */
@Entity('du_arduousness_constraint')
@Index('IDX_du_arduousness_constraint_criterion', ['tenantId', 'criterionId'])
export class DuArduousnessConstraint {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'criterion_id', type: 'integer' })
  criterionId: number;

  @ManyToOne(() => DuArduousnessCriterion, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'criterion_id' })
  criterion: Relation<DuArduousnessCriterion>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'varchar', length: 60 })
  unit: string;

  /** The exposure counts from this duration (in `unit`), reached included. */
  @Column({ type: 'integer' })
  threshold: number;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
