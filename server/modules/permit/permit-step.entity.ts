import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Permit } from './permit.entity';

/**
 * A control step of a permit, once done: its checklist answers are questionnaire responses of
 * subject type `permit_<step>` and subject id the permit's id.
 */
@Entity('permit_step')
@Index('UQ_permit_step', ['permitId', 'step'], { unique: true })
@Check('CHK_permit_step_step', `"step" IN ('before', 'after', 'two_hours')`)
export class PermitStepRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'permit_id', type: 'integer' })
  permitId: number;

  @ManyToOne(() => Permit, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permit_id' })
  permit: Relation<Permit>;

  @Column({ type: 'varchar', length: 20 })
  step: string;

  /** The questionnaire used for the checklist (null when the company has no survey of the type). */
  @Column({ name: 'questionnaire_id', type: 'integer', nullable: true })
  questionnaireId: number | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'done_at', type: 'timestamptz' })
  doneAt: Date;

  @Column({ name: 'done_by_id', type: 'integer', nullable: true })
  doneById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'done_by_id' })
  doneBy: Relation<User> | null;
}
