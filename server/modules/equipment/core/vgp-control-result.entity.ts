import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { Action } from '../../action-plan/action.entity';
import { QuestionnaireQuestionRow } from '../../questionnaire/questionnaire-question.entity';
import { QuestionnaireAnswerRow } from '../../questionnaire/questionnaire-answer.entity';
import { VgpControl } from './vgp-control.entity';

/**
 * The answer to one checkpoint of a control (seed 001 « Results per checkpoint »): the chosen answer
 * and its comment, and the action of the action plan it created when the answer is flagged so.
 */
@Entity('vgp_control_result')
@Unique('UQ_vgp_control_result_checkpoint', ['controlId', 'questionId'])
@Index('IDX_vgp_control_result_action', ['actionId'])
export class VgpControlResult {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'control_id', type: 'integer' })
  controlId: number;

  @ManyToOne(() => VgpControl, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'control_id' })
  control: Relation<VgpControl>;

  /** The checkpoint (a question of the control form). */
  @Column({ name: 'question_id', type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionnaireQuestionRow, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'question_id' })
  question: Relation<QuestionnaireQuestionRow>;

  @Column({ name: 'answer_id', type: 'integer', nullable: true })
  answerId: number | null;

  @ManyToOne(() => QuestionnaireAnswerRow, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'answer_id' })
  answer: Relation<QuestionnaireAnswerRow> | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'action_id', type: 'integer', nullable: true })
  actionId: number | null;

  @ManyToOne(() => Action, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'action_id' })
  action: Relation<Action> | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
