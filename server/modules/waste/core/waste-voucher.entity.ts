import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { Tiers } from '../../crm/tiers.entity';
import { Waste } from './waste.entity';
import { WasteContainer } from './waste-container.entity';

/**
 * A waste voucher (bon d'enlèvement, seed 002): number, collection date, waste, container, weight in
 * tonnes. Beyond the spec, the site it leaves (a hierarchy item), its carrier and consignee (CRM
 * tiers): the register of outgoing waste is built from these rows (docs/waste.md).
 */
@Entity('waste_voucher')
@Index('IDX_waste_voucher_list', ['tenantId', 'collectionDate', 'id'])
@Index('IDX_waste_voucher_site', ['tenantId', 'siteId', 'collectionDate', 'id'])
@Index('IDX_waste_voucher_waste', ['tenantId', 'wasteId'])
@Index('IDX_waste_voucher_container', ['tenantId', 'containerId'])
@Index('UQ_waste_voucher_number', ['tenantId', 'number'], { unique: true })
export class WasteVoucher {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 60 })
  number: string;

  @Column({ name: 'collection_date', type: 'date' })
  collectionDate: string;

  @Column({ name: 'waste_id', type: 'integer' })
  wasteId: number;

  @ManyToOne(() => Waste, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'waste_id' })
  waste: Relation<Waste>;

  @Column({ name: 'container_id', type: 'integer', nullable: true })
  containerId: number | null;

  @ManyToOne(() => WasteContainer, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'container_id' })
  container: Relation<WasteContainer> | null;

  /** Weight in tonnes, > 0, three decimals. */
  @Column({ name: 'weight_t', type: 'numeric', precision: 12, scale: 3 })
  weightT: string;

  @Column({ name: 'site_id', type: 'integer' })
  siteId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'site_id' })
  site: Relation<HierarchyItem>;

  @Column({ name: 'carrier_id', type: 'integer', nullable: true })
  carrierId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'carrier_id' })
  carrier: Relation<Tiers> | null;

  @Column({ name: 'consignee_id', type: 'integer', nullable: true })
  consigneeId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'consignee_id' })
  consignee: Relation<Tiers> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
