import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { HierarchyItem } from './hierarchy-item.entity';
import { Site } from './site.entity';

/**
 * A sector (zone) of a hierarchy item or of a site, with its plan image and the image's pixel
 * size (the zone map places its shapes on it).
 */
@Entity('sector')
@Check('CHK_sector_owner', '("item_id" IS NULL) <> ("site_id" IS NULL)')
export class Sector {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'item_id', type: 'integer', nullable: true })
  itemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'item_id' })
  item: Relation<HierarchyItem> | null;

  @Column({ name: 'site_id', type: 'integer', nullable: true })
  siteId: number | null;

  @ManyToOne(() => Site, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'site_id' })
  site: Relation<Site> | null;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'plan_file_id', type: 'integer', nullable: true })
  planFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_file_id' })
  planFile: Relation<StoredFile> | null;

  @Column({ name: 'plan_width', type: 'integer', nullable: true })
  planWidth: number | null;

  @Column({ name: 'plan_height', type: 'integer', nullable: true })
  planHeight: number | null;
}
