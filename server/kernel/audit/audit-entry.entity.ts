import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Kinds of security events kept in the audit log. */
export type AuditEvent = 'login' | 'login_failure' | 'logout' | 'permission_refused' | 'switch_user' | 'deletion' | 'account_change';

/** One security-relevant event: logins, failures, refusals, switches, deletions. */
@Entity('audit_entry')
@Index(['tenantId', 'createdAt'])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer', nullable: true })
  tenantId: number | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 40 })
  event: AuditEvent;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
