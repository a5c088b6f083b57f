import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * Marks a kind whose default items a company already received, so that defaults the company
 * removed (even purged from the trash) never come back.
 */
@Entity('nomenclature_seed')
export class NomenclatureSeed {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  kind: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
