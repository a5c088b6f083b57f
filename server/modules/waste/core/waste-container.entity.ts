import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A container wastes leave in (benne, GRV, fût…), with its capacity in m³ when known. */
@Entity('waste_container')
@Index('IDX_waste_container_list', ['tenantId', 'name', 'id'])
export class WasteContainer {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** Capacity in m³ (three decimals), optional. */
  @Column({ type: 'numeric', precision: 10, scale: 3, nullable: true })
  capacity: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
