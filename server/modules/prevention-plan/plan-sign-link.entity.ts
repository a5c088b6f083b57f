import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { PreventionPlan } from './prevention-plan.entity';
import { PlanCompany } from './plan-company.entity';

/**
 * A signing link mailed to the contact of an outside company (DESIGN §10): the random token is
 * only in the mail, the row keeps its SHA-256. Single use (`used_at`, set in the signing
 * transaction), limited in time (`expires_at`), revoked when a newer link is sent to the company.
 * The PDF the signer is shown is stored once per send (`pdf_file_id`, `pdf_sha256`), so the
 * signature proves which version of the plan was signed.
 */
@Entity('plan_sign_link')
@Index('UQ_plan_sign_link_token', ['tokenHash'], { unique: true })
@Index('IDX_plan_sign_link_company', ['tenantId', 'planId', 'planCompanyId'])
export class PlanSignLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  /** The company asked to sign; its removal from the plan removes its links. */
  @Column({ name: 'plan_company_id', type: 'integer' })
  planCompanyId: number;

  @ManyToOne(() => PlanCompany, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_company_id' })
  planCompany: Relation<PlanCompany>;

  /** The plan's amendment number when the link was made; a link of an older round is refused. */
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
