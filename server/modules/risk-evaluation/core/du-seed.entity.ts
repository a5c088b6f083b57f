import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/**
 * Marks a list of the unique risk document (scales, priority levels, danger families, risks) whose
 * French defaults a company already received, so that defaults it removed never come back.
 */
@Entity('du_seed')
export class DuSeed {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  list: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
