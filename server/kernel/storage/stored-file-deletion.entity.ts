import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A storage key whose `stored_file` row was deleted: filled by a database trigger in the deleting
 * transaction, whoever deletes the row, and emptied by the storage reconciliation once the object
 * is gone (so a crash between the two never leaves a file nobody will delete).
 */
@Entity('stored_file_deletion')
export class StoredFileDeletion {
  @PrimaryColumn({ name: 'storage_key', type: 'varchar', length: 512 })
  storageKey: string;

  @Column({ name: 'queued_at', type: 'timestamptz', default: () => 'now()' })
  queuedAt: Date;
}
