import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuestionnaireGroupRow } from './questionnaire-group.entity';

/** A question of a group: its label, answer type, required flag, whether its label shows, and its width. */
@Entity('questionnaire_question')
@Index(['groupId', 'position'])
@Check('CHK_questionnaire_question_width', '"width" BETWEEN 1 AND 12')
@Check('CHK_questionnaire_question_type', `"answer_type" IN ('long', 'short', 'multiple_select', 'unique_select', 'checkbox', 'radio', 'file', 'date', 'datetime', 'time', 'user', 'multi_user', 'signature')`)
export class QuestionnaireQuestionRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @Column({ name: 'group_id', type: 'integer' })
  groupId: number;

  @ManyToOne(() => QuestionnaireGroupRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group: Relation<QuestionnaireGroupRow>;

  @Column({ type: 'varchar', length: 500 })
  label: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'answer_type', type: 'varchar', length: 20 })
  answerType: string;

  @Column({ type: 'boolean', default: false })
  required: boolean;

  @Column({ name: 'display_label', type: 'boolean', default: true })
  displayLabel: boolean;

  @Column({ type: 'integer', default: 12 })
  width: number;

  /** Printed in exports and reports (control forms: « à exporter »). */
  @Column({ name: 'to_export', type: 'boolean', default: true })
  toExport: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
