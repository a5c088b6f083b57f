import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Tiers } from './tiers.entity';

/**
 * An address of a company with its flags. At most one main billing and one main delivery address
 * per company, kept by the service (a main address is also a billing / delivery one).
 */
@Entity('tiers_address')
@Index('IDX_tiers_address_tiers', ['tenantId', 'tiersId'])
export class TiersAddress {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'tiers_id', type: 'integer' })
  tiersId: number;

  @ManyToOne(() => Tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers>;

  /** A short name for the address ("Siège", "Agence de Lyon"). */
  @Column({ type: 'varchar', length: 150, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 255 })
  address: string;

  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true, default: 'France' })
  country: string | null;

  @Column({ name: 'is_head_office', type: 'boolean', default: false })
  isHeadOffice: boolean;

  @Column({ name: 'is_billing', type: 'boolean', default: false })
  isBilling: boolean;

  @Column({ name: 'is_main_billing', type: 'boolean', default: false })
  isMainBilling: boolean;

  @Column({ name: 'is_delivery', type: 'boolean', default: false })
  isDelivery: boolean;

  @Column({ name: 'is_main_delivery', type: 'boolean', default: false })
  isMainDelivery: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
