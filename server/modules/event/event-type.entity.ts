import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * A custom event type (seed 002 §3): its menu label, the common blocks its events show, an
 * optional automatic action, and a questionnaire of the shared engine (no foreign key to it).
 */
@Entity('event_type')
@Index(['tenantId', 'active'])
export class EventType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'menu_label', type: 'varchar', length: 180 })
  menuLabel: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Nomenclature `domain` given to the type's events by default. */
  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId: number | null;

  @Column({ name: 'show_service', type: 'boolean', default: true })
  showService: boolean;

  @Column({ name: 'show_supervisor', type: 'boolean', default: true })
  showSupervisor: boolean;

  @Column({ name: 'show_collaborators', type: 'boolean', default: true })
  showCollaborators: boolean;

  @Column({ name: 'show_performers', type: 'boolean', default: false })
  showPerformers: boolean;

  @Column({ name: 'show_domains', type: 'boolean', default: true })
  showDomains: boolean;

  @Column({ name: 'show_observations', type: 'boolean', default: true })
  showObservations: boolean;

  @Column({ name: 'show_files', type: 'boolean', default: true })
  showFiles: boolean;

  @Column({ name: 'show_confidential', type: 'boolean', default: false })
  showConfidential: boolean;

  /** Create an action assigned to the supervisor when an event of this type is recorded. */
  @Column({ name: 'auto_action', type: 'boolean', default: false })
  autoAction: boolean;

  @Column({ name: 'auto_action_text', type: 'text', nullable: true })
  autoActionText: string | null;

  @Column({ name: 'questionnaire_id', type: 'integer', nullable: true })
  questionnaireId: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set while the type is in the trash (shared soft delete). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
