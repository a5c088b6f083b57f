import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The state of one feature toggle in one company; absent rows take the declared default. */
@Entity('feature_toggle')
export class FeatureToggle {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @PrimaryColumn({ type: 'varchar', length: 60 })
  code: string;

  @Column({ type: 'boolean' })
  enabled: boolean;
}
