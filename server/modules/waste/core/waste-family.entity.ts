import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A family of wastes of a company (« Métaux », « Déchets dangereux »…), used to group the indicators. */
@Entity('waste_family')
@Index('IDX_waste_family_list', ['tenantId', 'name', 'id'])
export class WasteFamily {
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
