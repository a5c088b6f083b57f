import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One global parameter of a company; absent rows take the declared default. */
@Entity('setting')
export class Setting {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @PrimaryColumn({ type: 'varchar', length: 60 })
  code: string;

  @Column({ type: 'text' })
  value: string;
}
