import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
// Type-only imports and targets named by table, as in `history-entry.entity.ts`: the kernel does
// not load the identity module's classes.
import type { Tenant } from '../../modules/identity/tenant.entity';
import type { User } from '../../modules/identity/user.entity';

/** Life of an import: waiting for the worker, being read, finished (rows may still have failed), crashed. */
export type CsvImportStatus = 'pending' | 'running' | 'done' | 'failed';

/** One message of a refused row: a translation key, its values and the CSV column it is about. */
export interface CsvImportMessage {
  column: string | null;
  key: string;
  params: Record<string, unknown>;
}

/** A refused row of the file (line number in the file, 1 = the ignored header). */
export interface CsvImportRowError {
  line: number;
  /** The first cell of the row (username, matricule...), to find it in the file. Older reports call it `username`. */
  label?: string;
  username?: string;
  messages: CsvImportMessage[];
}

/** The cells of one data row, kept until the job has read it. */
export interface CsvImportRow {
  line: number;
  cells: string[];
}

/**
 * A CSV import into a company (users, employees ...), run as a background job. The table kept
 * the name of the first import that used it (`user_import`); `kind` says what it imports.
 */
@Entity('user_import')
@Check('CHK_user_import_status', `"status" IN ('pending', 'running', 'done', 'failed')`)
@Index(['tenantId', 'createdAt'])
export class CsvImport {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne('tenant', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** What the rows create: `user`, `employee` ... (one job per kind). */
  @Column({ type: 'varchar', length: 20, default: 'user' })
  kind: string;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @ManyToOne('app_user', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator: Relation<User> | null;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: CsvImportStatus;

  /** Data rows of the file (header excluded). */
  @Column({ type: 'integer', default: 0 })
  total: number;

  /** Rows read so far (the job resumes from here after a crash). */
  @Column({ type: 'integer', default: 0 })
  done: number;

  @Column({ name: 'created_count', type: 'integer', default: 0 })
  createdCount: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  errors: CsvImportRowError[];

  /** Rows still to read; emptied when the import ends (no personal data kept longer than needed). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  rows: CsvImportRow[];

  /** User import: mail each new user a link to choose a password. */
  @Column({ name: 'send_mail', type: 'boolean', default: false })
  sendMail: boolean;

  /** User import: absolute URL of the password link with a `{token}` placeholder (built from the route table at upload). */
  @Column({ name: 'link_template', type: 'varchar', length: 500, default: '' })
  linkTemplate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
