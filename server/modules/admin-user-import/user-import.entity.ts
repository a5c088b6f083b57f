import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/** Life of an import: waiting for the worker, being read, finished (rows may still have failed), crashed. */
export type UserImportStatus = 'pending' | 'running' | 'done' | 'failed';

/** One message of a refused row: a translation key, its values and the CSV column it is about. */
export interface UserImportMessage {
  column: string | null;
  key: string;
  params: Record<string, unknown>;
}

/** A refused row of the file (line number in the file, 1 = the ignored header). */
export interface UserImportRowError {
  line: number;
  username: string;
  messages: UserImportMessage[];
}

/** The cells of one data row, kept until the job has read it. */
export interface UserImportRow {
  line: number;
  cells: string[];
}

/** A CSV import of users into a company, run as a background job. */
@Entity('user_import')
@Check('CHK_user_import_status', `"status" IN ('pending', 'running', 'done', 'failed')`)
@Index(['tenantId', 'createdAt'])
export class UserImport {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator: Relation<User> | null;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: UserImportStatus;

  /** Data rows of the file (header excluded). */
  @Column({ type: 'integer', default: 0 })
  total: number;

  /** Rows read so far (the job resumes from here after a crash). */
  @Column({ type: 'integer', default: 0 })
  done: number;

  @Column({ name: 'created_count', type: 'integer', default: 0 })
  createdCount: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  errors: UserImportRowError[];

  /** Rows still to read; emptied when the import ends (no personal data kept longer than needed). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  rows: UserImportRow[];

  /** Mail each new user a link to choose a password. */
  @Column({ name: 'send_mail', type: 'boolean', default: false })
  sendMail: boolean;

  /** Absolute URL of the password link with a `{token}` placeholder (built from the route table at upload). */
  @Column({ name: 'link_template', type: 'varchar', length: 500, default: '' })
  linkTemplate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
