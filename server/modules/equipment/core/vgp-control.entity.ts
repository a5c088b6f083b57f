import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { Questionnaire } from '../../questionnaire/questionnaire.entity';
import { VgpControllable } from './vgp-controllable.entity';

/**
 * One control carried out on a controllable (seed 002 « Control record »): started as `in_progress`
 * by the four-step flow, `done` once validated (which sets the controllable's last control date and
 * plans the next one). The form answered is kept, so a later edit of the model does not rewrite it.
 */
@Entity('vgp_control')
@Index('IDX_vgp_control_controllable', ['tenantId', 'controllableId', 'controlDate'])
@Index('IDX_vgp_control_list', ['tenantId', 'state', 'controlDate', 'id'])
@Check('CHK_vgp_control_state', `"state" IN ('in_progress', 'done')`)
@Check('CHK_vgp_control_step', `"step" BETWEEN 1 AND 4`)
export class VgpControl {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'controllable_id', type: 'integer' })
  controllableId: number;

  @ManyToOne(() => VgpControllable, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'controllable_id' })
  controllable: Relation<VgpControllable>;

  @Column({ type: 'varchar', length: 20, default: 'in_progress' })
  state: string;

  /** The step of the four-step flow the controller reached (1 general information … 4 confirmation). */
  @Column({ type: 'integer', default: 1 })
  step: number;

  @Column({ name: 'control_date', type: 'date' })
  controlDate: string;

  @Column({ name: 'controller_id', type: 'integer', nullable: true })
  controllerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'controller_id' })
  controller: Relation<User> | null;

  @Column({ name: 'supervisor_id', type: 'integer', nullable: true })
  supervisorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'supervisor_id' })
  supervisor: Relation<User> | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'form_id', type: 'integer', nullable: true })
  formId: number | null;

  @ManyToOne(() => Questionnaire, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'form_id' })
  form: Relation<Questionnaire> | null;

  @Column({ name: 'external_report_file_id', type: 'integer', nullable: true })
  externalReportFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'external_report_file_id' })
  externalReportFile: Relation<StoredFile> | null;

  @Column({ name: 'report_file_id', type: 'integer', nullable: true })
  reportFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'report_file_id' })
  reportFile: Relation<StoredFile> | null;

  @Column({ name: 'other_file_id', type: 'integer', nullable: true })
  otherFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'other_file_id' })
  otherFile: Relation<StoredFile> | null;

  @Column({ name: 'validated_at', type: 'timestamptz', nullable: true })
  validatedAt: Date | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
