import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { NomenclatureItem } from '../nomenclature/nomenclature-item.entity';
import { Risk } from './risk.entity';
import { Tenant } from '../identity/tenant.entity';

/** The injury types (nomenclature kind `injury_type`) a risk may cause (join table). */
@Entity('risk_injury_type')
@Index('IDX_risk_injury_type_injury_type', ['injuryTypeId'])
export class RiskInjuryType {
  @PrimaryColumn({ name: 'risk_id', type: 'integer' })
  riskId: number;

  @PrimaryColumn({ name: 'injury_type_id', type: 'integer' })
  injuryTypeId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => Risk, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'risk_id' })
  risk: Relation<Risk>;

  @ManyToOne(() => NomenclatureItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'injury_type_id' })
  injuryType: Relation<NomenclatureItem>;
}
