import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { WasteCode } from './waste-code.entity';
import { WasteFamily } from './waste-family.entity';

/** A waste of a company (seed 002): its code of the European list, family, internal code, to-analysis flag and label. */
@Entity('waste')
@Index('IDX_waste_list', ['tenantId', 'label', 'id'])
@Index('IDX_waste_family', ['tenantId', 'familyId'])
@Index('IDX_waste_code', ['cedCode'])
export class Waste {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ name: 'ced_code', type: 'varchar', length: 6 })
  cedCode: string;

  @ManyToOne(() => WasteCode, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'ced_code' })
  ced: Relation<WasteCode>;

  @Column({ name: 'family_id', type: 'integer', nullable: true })
  familyId: number | null;

  @ManyToOne(() => WasteFamily, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'family_id' })
  family: Relation<WasteFamily> | null;

  @Column({ name: 'internal_code', type: 'varchar', length: 60, nullable: true })
  internalCode: string | null;

  @Column({ name: 'to_analysis', type: 'boolean', default: false })
  toAnalysis: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
