import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';

/** Material provided by the user company to the outside companies (type, last check, serial number). */
@Entity('plan_material')
@Index('IDX_plan_material_plan', ['tenantId', 'planId'])
export class PlanMaterial {
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

  @Column({ type: 'varchar', length: 180 })
  type: string;

  @Column({ name: 'check_date', type: 'date', nullable: true })
  checkDate: string | null;

  @Column({ name: 'serial_number', type: 'varchar', length: 100, nullable: true })
  serialNumber: string | null;

  /** Its document (check report, notice). */
  @Column({ name: 'file_id', type: 'integer', nullable: true })
  fileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
