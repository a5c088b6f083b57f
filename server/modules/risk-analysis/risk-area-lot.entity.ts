import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Lot } from '../prevention-admin/lot.entity';
import { RiskArea } from './risk-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** The works lots a risk area belongs to (join table). */
@Entity('risk_area_lot')
@Index('IDX_risk_area_lot_lot', ['lotId'])
export class RiskAreaLot {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'lot_id', type: 'integer' })
  lotId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskArea>;

  @ManyToOne(() => Lot, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lot_id' })
  lot: Relation<Lot>;
}
