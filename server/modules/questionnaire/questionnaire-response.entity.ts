import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Questionnaire } from './questionnaire.entity';
import { QuestionnaireQuestionRow } from './questionnaire-question.entity';

/**
 * The answer of one subject (an event, a permit, a PPSPS inspection ...) to one question.
 * Questions and questionnaires that were answered cannot be purged from the trash (RESTRICT).
 */
@Entity('questionnaire_response')
@Index(['tenantId', 'subjectType', 'subjectId', 'questionId'], { unique: true })
export class QuestionnaireResponse {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @Column({ name: 'questionnaire_id', type: 'integer' })
  questionnaireId: number;

  @ManyToOne(() => Questionnaire, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'questionnaire_id' })
  questionnaire: Relation<Questionnaire>;

  /** What was answered, e.g. 'event', 'fire_permit'. */
  @Column({ name: 'subject_type', type: 'varchar', length: 60 })
  subjectType: string;

  @Column({ name: 'subject_id', type: 'integer' })
  subjectId: number;

  @Column({ name: 'question_id', type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionnaireQuestionRow, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'question_id' })
  question: Relation<QuestionnaireQuestionRow>;

  /** See `ResponseValues` for the shape per answer type. */
  @Column({ type: 'jsonb' })
  value: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
