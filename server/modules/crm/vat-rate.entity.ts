import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * A VAT rate of the administration list (spec "VAT rate: VAT number, rate percent, default flag").
 * The spec's "VAT number" is the label shown in lists (e.g. "TVA 20 %"). At most one default per company,
 * kept by the service.
 */
@Entity('vat_rate')
@Index('IDX_vat_rate_tenant', ['tenantId', 'rate'])
export class VatRate {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  /** Percent, two decimals (20.00, 5.50). */
  @Column({ type: 'numeric', precision: 5, scale: 2 })
  rate: string;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
