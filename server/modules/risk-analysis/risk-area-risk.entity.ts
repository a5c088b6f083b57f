import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Risk } from './risk.entity';
import { RiskArea } from './risk-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** The risks of a risk area (join table). */
@Entity('risk_area_risk')
@Index('IDX_risk_area_risk_risk', ['riskId'])
export class RiskAreaRisk {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'risk_id', type: 'integer' })
  riskId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskArea>;

  @ManyToOne(() => Risk, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'risk_id' })
  risk: Relation<Risk>;
}
