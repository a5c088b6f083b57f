import { Column, CreateDateColumn, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { Tiers } from '../../crm/tiers.entity';
import { Waste } from './waste.entity';

/**
 * A CAP (certificat d'acceptation préalable, seed 002): code, site, ordering customer, comment,
 * carriers, producer, customer to bill, wastes. Producer, customer to bill and carriers are the
 * certificate's three forms (docs/waste.md).
 */
@Entity('cap_certificate')
@Index('IDX_cap_certificate_list', ['tenantId', 'code', 'id'])
@Index('IDX_cap_certificate_site', ['tenantId', 'siteId', 'code', 'id'])
@Index('UQ_cap_certificate_code', ['tenantId', 'code'], { unique: true })
export class CapCertificate {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 60 })
  code: string;

  @Column({ name: 'site_id', type: 'integer', nullable: true })
  siteId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'site_id' })
  site: Relation<HierarchyItem> | null;

  @Column({ name: 'ordering_customer_id', type: 'integer', nullable: true })
  orderingCustomerId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'ordering_customer_id' })
  orderingCustomer: Relation<Tiers> | null;

  @Column({ name: 'producer_id', type: 'integer', nullable: true })
  producerId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'producer_id' })
  producer: Relation<Tiers> | null;

  @Column({ name: 'bill_to_id', type: 'integer', nullable: true })
  billToId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'bill_to_id' })
  billTo: Relation<Tiers> | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @ManyToMany(() => Tiers)
  @JoinTable({ name: 'cap_carrier', joinColumn: { name: 'cap_id' }, inverseJoinColumn: { name: 'tiers_id' } })
  carriers: Tiers[];

  @ManyToMany(() => Waste)
  @JoinTable({ name: 'cap_waste', joinColumn: { name: 'cap_id' }, inverseJoinColumn: { name: 'waste_id' } })
  wastes: Waste[];

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
