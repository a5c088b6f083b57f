import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * A questionnaire of the company: a survey (`owner_type` 'survey' with its `survey_type`), the form
 * of a custom event type ('event_type'), ... Its groups, questions and answers hang below it.
 */
@Entity('questionnaire')
@Index(['tenantId', 'ownerType', 'surveyType'])
export class Questionnaire {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** Which module owns it: 'survey', 'event_type', ... */
  @Column({ name: 'owner_type', type: 'varchar', length: 40 })
  ownerType: string;

  /** For surveys: one of SURVEY_TYPES. */
  @Column({ name: 'survey_type', type: 'varchar', length: 40, nullable: true })
  surveyType: string | null;

  /** Optimistic lock, checked by hand. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set while the row is in the trash (shared soft delete). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
