import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';

/**
 * A work under medical supervision ("travaux nécessitant une surveillance médicale renforcée")
 * declared on a plan: who (name), what type of work, by which companies, how many people.
 */
@Entity('plan_medical_work')
@Index('IDX_plan_medical_work_plan', ['tenantId', 'planId'])
export class PlanMedicalWork {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  /** Person or post concerned. */
  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ type: 'varchar', length: 180 })
  type: string;

  /** Companies concerned, as written by the user. */
  @Column({ type: 'varchar', length: 255 })
  companies: string;

  /** Number of people concerned (at least 1). */
  @Column({ type: 'integer' })
  number: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
