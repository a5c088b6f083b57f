import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One soft-deleted record, listed in the trash until restored or deleted for good. */
@Entity('trash_item')
@Index(['tenantId', 'deletedAt'])
@Index(['subjectTable', 'subjectId'], { unique: true })
export class TrashItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  /** Table of the deleted row (must be registered with `registerTrashable`). */
  @Column({ name: 'subject_table', type: 'varchar', length: 63 })
  subjectTable: string;

  @Column({ name: 'subject_id', type: 'integer' })
  subjectId: number;

  /** Translation key of the kind of record, e.g. `trash.types.prevention_plan`. */
  @Column({ name: 'type_key', type: 'varchar', length: 120 })
  typeKey: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt: Date;

  @Column({ name: 'deleted_by', type: 'integer', nullable: true })
  deletedBy: number | null;
}
