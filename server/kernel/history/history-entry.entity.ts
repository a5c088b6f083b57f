import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
// Type-only imports and targets named by table: the kernel does not load the identity module's
// classes (their Role <-> RoleRight cycle breaks when entered from here).
import type { Tenant } from '../../modules/identity/tenant.entity';
import type { User } from '../../modules/identity/user.entity';

/**
 * One step in the life of a record: a workflow transition (who, when, from, to, comment,
 * signature) or another tracked action. Written in the transaction of the step itself.
 */
@Entity('history_entry')
@Index(['tenantId', 'subjectType', 'subjectId', 'createdAt'])
export class HistoryEntry {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne('tenant', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  /** Kind of record, e.g. `prevention_plan`. */
  @Column({ name: 'subject_type', type: 'varchar', length: 60 })
  subjectType: string;

  @Column({ name: 'subject_id', type: 'integer' })
  subjectId: number;

  /** Workflow name; null for an action outside any workflow (archive, amend ...). */
  @Column({ type: 'varchar', length: 60, nullable: true })
  workflow: string | null;

  /** Transition or action name. */
  @Column({ type: 'varchar', length: 60 })
  transition: string;

  @Column({ name: 'from_state', type: 'varchar', length: 60, nullable: true })
  fromState: string | null;

  @Column({ name: 'to_state', type: 'varchar', length: 60, nullable: true })
  toState: string | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  /** Signature data given with the step (signer, image, date ...). */
  @Column({ type: 'jsonb', nullable: true })
  signature: Record<string, unknown> | null;

  /** Null once the user is deleted: the step stays in the history. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne('app_user', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: User | null;

  /** Written from the injected clock, never by the database default. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
