import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PreventiveMeasure } from './preventive-measure.entity';
import { RiskArea } from './risk-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** The preventive measures of a risk area (join table). */
@Entity('risk_area_measure')
@Index('IDX_risk_area_measure_measure', ['measureId'])
export class RiskAreaMeasure {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'measure_id', type: 'integer' })
  measureId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskArea>;

  @ManyToOne(() => PreventiveMeasure, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'measure_id' })
  measure: Relation<PreventiveMeasure>;
}
