import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * Marks a prevention list whose defaults a company already received (`work_type`), so that
 * defaults the company removed never come back.
 */
@Entity('prevention_admin_seed')
export class PreventionAdminSeed {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  list: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
