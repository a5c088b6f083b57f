import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Tiers } from './tiers.entity';
import { CrmActivity } from './crm-activity.entity';

/** The activities of a company (join table). */
@Entity('tiers_activity')
@Index('IDX_tiers_activity_activity', ['activityId'])
export class TiersActivity {
  @PrimaryColumn({ name: 'tiers_id', type: 'integer' })
  tiersId: number;

  @PrimaryColumn({ name: 'activity_id', type: 'integer' })
  activityId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => Tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers>;

  @ManyToOne(() => CrmActivity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'activity_id' })
  activity: Relation<CrmActivity>;
}
