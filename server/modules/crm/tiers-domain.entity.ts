import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { NomenclatureItem } from '../nomenclature/nomenclature-item.entity';
import { Tiers } from './tiers.entity';

/** The activity domains of a company: items of the nomenclature kind `domain` (join table). */
@Entity('tiers_domain')
@Index('IDX_tiers_domain_domain', ['domainId'])
export class TiersDomain {
  @PrimaryColumn({ name: 'tiers_id', type: 'integer' })
  tiersId: number;

  @PrimaryColumn({ name: 'domain_id', type: 'integer' })
  domainId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => Tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers>;

  @ManyToOne(() => NomenclatureItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'domain_id' })
  domain: Relation<NomenclatureItem>;
}
