import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { PreventionPlan } from '../core/prevention-plan.entity';
import { PlanCompany } from '../core/plan-company.entity';

/**
 * A signing link mailed to the contact of an outside company (docs/architecture.md « Sécurité »), for every signed
 * safety document (signing core `sign-link.service.ts`): `subject_type` (prevention_plan,
 * security_protocol, ppsps) with `document_id` / `company_id` (ids in the type's document and
 * company tables, no foreign key: three tables). A plan's link also fills `plan_id` /
 * `plan_company_id`, whose foreign keys remove it with its plan or company; they stay null for
 * the other types. The random token is
 * only in the mail, the row keeps its SHA-256. Single use (`used_at`, set in the signing
 * transaction), limited in time (`expires_at`), revoked when a newer link is sent to the company.
 * The PDF the signer is shown is stored once per send (`pdf_file_id`, `pdf_sha256`), so the
 * signature proves which version of the plan was signed.
 */
@Entity('plan_sign_link')
@Index('UQ_plan_sign_link_token', ['tokenHash'], { unique: true })
@Index('IDX_plan_sign_link_company', ['tenantId', 'planId', 'planCompanyId'])
@Index('IDX_plan_sign_link_document', ['tenantId', 'subjectType', 'documentId', 'companyId'])
export class PlanSignLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** The document type (`SigningSubject.type`). */
  @Column({ name: 'subject_type', type: 'varchar', length: 30, default: 'prevention_plan' })
  subjectType: string;

  /** The document's id in the type's table. */
  @Column({ name: 'document_id', type: 'integer' })
  documentId: number;

  /** The company asked to sign: its id in the type's company table. */
  @Column({ name: 'company_id', type: 'integer' })
  companyId: number;

  /** The plan (plans' links only). */
  @Column({ name: 'plan_id', type: 'integer', nullable: true })
  planId: number | null;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan> | null;

  /** The plan's company (plans' links only); its removal from the plan removes its links. */
  @Column({ name: 'plan_company_id', type: 'integer', nullable: true })
  planCompanyId: number | null;

  @ManyToOne(() => PlanCompany, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'plan_company_id' })
  planCompany: Relation<PlanCompany> | null;

  /** The document's amendment number when the link was made; a link of an older round is refused. */
  @Column({ type: 'integer' })
  round: number;

  /** Where the link was mailed. */
  @Column({ type: 'varchar', length: 180 })
  email: string;

  /** SHA-256 (hex) of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** The plan as PDF, exactly as shown to the signer. */
  @Column({ name: 'pdf_file_id', type: 'integer' })
  pdfFileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'pdf_file_id' })
  pdfFile: Relation<StoredFile>;

  @Column({ name: 'pdf_sha256', type: 'varchar', length: 64 })
  pdfSha256: string;

  /** Who sent the links (null when sent by the system, e.g. an automatic amendment). */
  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
