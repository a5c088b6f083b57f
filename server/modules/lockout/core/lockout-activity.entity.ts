import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A machine activity of a company (« Maintenance », « Nettoyage »…), the reference list of machines and slips. */
@Entity('lockout_activity')
@Index('IDX_lockout_activity_list', ['tenantId', 'name', 'id'])
export class LockoutActivity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
