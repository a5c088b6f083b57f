import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * A type of work done on a prevention plan (administration list). `dangerous` marks the works of
 * the arrêté du 19 mars 1993 (a written prevention plan is required); `isRoofWork` feeds the
 * "roof works" indicator. The label is unique per company among rows not in the trash, checked by
 * the service (a partial unique index would make restoring from the trash fail).
 */
@Entity('work_type')
@Index('IDX_work_type_list', ['tenantId', 'position'])
@Check('CHK_work_type_position', '"position" >= 0')
@Check('CHK_work_type_weighting', '"weighting" >= 0')
export class WorkType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** Up to 500 characters: the arrêté's wording of some dangerous works is long. */
  @Column({ type: 'varchar', length: 500 })
  label: string;

  @Column({ type: 'boolean', default: false })
  dangerous: boolean;

  /** Weight of the work type in the plan's risk level (0 when not weighted). */
  @Column({ type: 'integer', default: 0 })
  weighting: number;

  @Column({ name: 'is_roof_work', type: 'boolean', default: false })
  isRoofWork: boolean;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
