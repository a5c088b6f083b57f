import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** Objective types (seed 002): frequency rate TF and severity rate TG. */
export const OBJECTIVE_TYPES = ['TF', 'TG'] as const;
/** One objective type. */
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

/** The company's target for a rate in a year (seed 002 "Objective": type, company, year, value). */
@Entity('objective')
@Index('UQ_objective', ['tenantId', 'type', 'year'], { unique: true })
@Check('CHK_objective_type', `"type" IN ('TF', 'TG')`)
@Check('CHK_objective_value', '"value" >= 0')
export class Objective {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 5 })
  type: ObjectiveType;

  @Column({ type: 'integer' })
  year: number;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  value: string;
}
