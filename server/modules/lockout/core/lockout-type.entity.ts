import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A consignment type of a company (« Électrique », « Pneumatique »…) with its colour (seed 002 « Consignment type »). */
@Entity('lockout_type')
@Index('IDX_lockout_type_list', ['tenantId', 'name', 'id'])
export class LockoutType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** `#rrggbb`. */
  @Column({ type: 'varchar', length: 7, default: '#6c757d' })
  color: string;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
