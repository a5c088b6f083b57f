import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What a stored file is for: a record's `attachment` (served only through the route of the record
 * that points to it) or an `editor_image` of the rich-text editor (served by its random access key).
 */
export type StoredFileKind = 'attachment' | 'editor_image';

/**
 * Where the file is: `pending` while it still waits under `tmp_key` (its row committed, the move to
 * `storage_key` not done yet), `stored` at `storage_key`, `missing` when both were found gone.
 */
export type StoredFileState = 'pending' | 'stored' | 'missing';

/** A file kept in the storage, as business rows point to it. */
@Entity('stored_file')
@Index(['tenantId', 'createdAt'])
@Index('IDX_stored_file_pending', ['id'], { where: `"state" = 'pending'` })
@Check('CHK_stored_file_kind', `"kind" IN ('attachment', 'editor_image')`)
@Check('CHK_stored_file_state', `"state" IN ('pending', 'stored', 'missing')`)
@Check('CHK_stored_file_pending', `("state" = 'pending') = ("tmp_key" IS NOT NULL)`)
@Check('CHK_stored_file_access_key', `("kind" = 'editor_image') = ("access_key" IS NOT NULL)`)
export class StoredFile {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  /** Server-made key (`t/<tenant>/<yyyy>/<mm>/<uuid>-<name>`). */
  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  /** Type found from the content (magic bytes), not the one the browser claimed. */
  @Column({ name: 'mime_type', type: 'varchar', length: 127 })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | null) => (v === null ? v : Number(v)) } })
  sizeBytes: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ type: 'varchar', length: 20, default: 'attachment' })
  kind: StoredFileKind;

  /** Random key of an editor image, the only way to ask for it (43 base64url characters). */
  @Column({ name: 'access_key', type: 'varchar', length: 43, nullable: true, unique: true })
  accessKey: string | null;

  @Column({ type: 'varchar', length: 10, default: 'stored' })
  state: StoredFileState;

  /** Temporary key the file is moved from, while `pending`. */
  @Column({ name: 'tmp_key', type: 'varchar', length: 512, nullable: true })
  tmpKey: string | null;
}
