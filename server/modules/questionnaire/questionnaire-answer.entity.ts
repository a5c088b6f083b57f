import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuestionnaireQuestionRow } from './questionnaire-question.entity';

const decimal = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A proposed answer of a choice question: points, conforming flag (true, false or none), colour, action flag. */
@Entity('questionnaire_answer')
@Index(['questionId', 'position'])
export class QuestionnaireAnswerRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @Column({ name: 'question_id', type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionnaireQuestionRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id' })
  question: Relation<QuestionnaireQuestionRow>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true, transformer: decimal })
  points: number | null;

  /** True conforming, false non-conforming, null neither (not counted in the conformity rate). */
  @Column({ type: 'boolean', nullable: true })
  conforming: boolean | null;

  /** A colour name of the palette (`NAMED_COLORS`). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  color: string | null;

  /** Picking this answer should create an action (the owning module decides how). */
  @Column({ name: 'creates_action', type: 'boolean', default: false })
  createsAction: boolean;

  /** Severity level of the answer (control forms: 1 minor … 3 major); null when the form does not grade. */
  @Column({ type: 'integer', nullable: true })
  level: number | null;

  /** Days given to the action this answer creates (its deadline from the day of the answer); null: the action plan's default. */
  @Column({ name: 'action_delay_days', type: 'integer', nullable: true })
  actionDelayDays: number | null;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
