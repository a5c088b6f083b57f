import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { HierarchyItem } from './hierarchy-item.entity';

/** A document (stored file) of a hierarchy item. */
@Entity('hierarchy_item_document')
export class HierarchyItemDocument {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'item_id', type: 'integer' })
  itemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<HierarchyItem>;

  @Column({ name: 'file_id', type: 'integer' })
  fileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile>;

  @Column({ type: 'varchar', length: 255 })
  label: string;
}

/** A company working on a hierarchy item (free text until the CRM exists). */
@Entity('hierarchy_item_company')
export class HierarchyItemCompany {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'item_id', type: 'integer' })
  itemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<HierarchyItem>;

  @Column({ type: 'varchar', length: 180 })
  name: string;
}

/** A lot (works package) of a hierarchy item. */
@Entity('hierarchy_item_lot')
export class HierarchyItemLot {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'item_id', type: 'integer' })
  itemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<HierarchyItem>;

  @Column({ type: 'varchar', length: 180 })
  label: string;
}
