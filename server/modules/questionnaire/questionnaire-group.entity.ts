import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { Questionnaire } from './questionnaire.entity';

/** A group of questions, shown as a card `width` twelfths wide, with an optional help file. */
@Entity('questionnaire_group')
@Index(['questionnaireId', 'position'])
@Check('CHK_questionnaire_group_width', '"width" BETWEEN 1 AND 12')
export class QuestionnaireGroupRow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @Column({ name: 'questionnaire_id', type: 'integer' })
  questionnaireId: number;

  @ManyToOne(() => Questionnaire, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'questionnaire_id' })
  questionnaire: Relation<Questionnaire>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** Bootstrap columns out of 12. */
  @Column({ type: 'integer', default: 12 })
  width: number;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'help_file_id', type: 'integer', nullable: true })
  helpFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'help_file_id' })
  helpFile: Relation<StoredFile> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
