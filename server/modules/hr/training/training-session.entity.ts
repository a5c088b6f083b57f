import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { Formation } from './formation.entity';
import { FormationTheme } from './formation-theme.entity';
import { Trainer } from './trainer.entity';

/**
 * A training session (seed 002 "Session"): a formation given by a trainer between two instants.
 * `notified_at` is when the employees were told (the notification job, `session_notification_days`
 * before the start).
 */
@Entity('training_session')
@Index('IDX_training_session_start', ['tenantId', 'startAt'])
@Check('CHK_training_session_dates', '"end_at" >= "start_at"')
@Check('CHK_training_session_amounts', '("hours" IS NULL OR "hours" >= 0) AND ("estimated_cost" IS NULL OR "estimated_cost" >= 0)')
export class TrainingSession {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'theme_id', type: 'integer', nullable: true })
  themeId: number | null;

  @ManyToOne(() => FormationTheme, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'theme_id' })
  theme: Relation<FormationTheme> | null;

  @Column({ name: 'formation_id', type: 'integer' })
  formationId: number;

  @ManyToOne(() => Formation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'formation_id' })
  formation: Relation<Formation>;

  @Column({ name: 'trainer_id', type: 'integer', nullable: true })
  trainerId: number | null;

  @ManyToOne(() => Trainer, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'trainer_id' })
  trainer: Relation<Trainer> | null;

  @Column({ name: 'start_at', type: 'timestamptz' })
  startAt: Date;

  @Column({ name: 'end_at', type: 'timestamptz' })
  endAt: Date;

  @Column({ type: 'varchar', length: 255, nullable: true })
  location: string | null;

  @Column({ type: 'numeric', precision: 6, scale: 2, nullable: true })
  hours: string | null;

  @Column({ name: 'estimated_cost', type: 'numeric', precision: 12, scale: 2, nullable: true })
  estimatedCost: string | null;

  @Column({ type: 'text', nullable: true })
  justification: string | null;

  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
