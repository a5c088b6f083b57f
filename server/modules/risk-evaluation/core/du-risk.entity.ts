import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { DuDangerFamily } from './du-danger-family.entity';

/**
 * A risk the evaluations of the unique risk document may name (« risques associés »): its danger
 * family and the injuries it may cause, one per line (the form shows their union as the possible damages).
 */
@Entity('du_risk')
@Index('IDX_du_risk_tenant_family', ['tenantId', 'dangerFamilyId'])
@Index('IDX_du_risk_family', ['dangerFamilyId'])
export class DuRisk {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  label: string;

  @Column({ name: 'danger_family_id', type: 'integer' })
  dangerFamilyId: number;

  @ManyToOne(() => DuDangerFamily, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'danger_family_id' })
  dangerFamily: Relation<DuDangerFamily>;

  /** The injuries the risk may cause, one per line. */
  @Column({ type: 'text', default: '' })
  injuries: string;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
