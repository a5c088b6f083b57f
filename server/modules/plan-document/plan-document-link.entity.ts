import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { PlanCompany, PreventionPlan } from '../prevention-plan';

/**
 * The document portal link of one outside company of a plan (issue 25 item 2,
 * docs/plan-documents.md): the random token is only in the mail, the row keeps its SHA-256
 * (shared mechanics: `kernel/public-link.ts`). At most one unrevoked link per plan company: a new
 * request revokes the previous one. Foreign keys (migration) remove it with its plan or company.
 */
@Entity('plan_document_link')
@Index('UQ_plan_document_link_token', ['tokenHash'], { unique: true })
@Index('UQ_plan_document_link_active', ['planCompanyId'], { unique: true, where: '"revoked_at" IS NULL' })
@Index('IDX_plan_document_link_plan', ['tenantId', 'planId'])
export class PlanDocumentLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_plan_document_link_tenant' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'FK_plan_document_link_plan' })
  plan: Relation<PreventionPlan>;

  @Column({ name: 'plan_company_id', type: 'integer' })
  planCompanyId: number;

  @ManyToOne(() => PlanCompany, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_company_id', foreignKeyConstraintName: 'FK_plan_document_link_company' })
  planCompany: Relation<PlanCompany>;

  /** Where the link was mailed. */
  @Column({ type: 'varchar', length: 180 })
  email: string;

  /** Document types asked by mail besides the plan's requirements (each request adds its type). */
  @Column({ name: 'asked_type_ids', type: 'integer', array: true, default: () => "'{}'" })
  askedTypeIds: number[];

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by_id', type: 'integer', nullable: true })
  revokedById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'revoked_by_id', foreignKeyConstraintName: 'FK_plan_document_link_revoker' })
  revokedBy: Relation<User> | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id', foreignKeyConstraintName: 'FK_plan_document_link_creator' })
  createdBy: Relation<User> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Last time the company opened the page or gave a file. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
