import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/**
 * The columns every signature table of a signed document has (plan_signature,
 * security_protocol_signature, ppsps_signature): each entity adds its document's FK, its checks
 * and its unique index on (document, signer_key, round) while not superseded.
 */
export abstract class SignatureColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** `company:<companyId>`, `staff:<staffId>`, `internal:<transition>`, `inspection:<participant>`. */
  @Column({ name: 'signer_key', type: 'varchar', length: 60 })
  signerKey: string;

  /** The document's company (its company table's id) for company signatures; no FK, the signature outlives a removal. */
  @Column({ name: 'plan_company_id', type: 'integer', nullable: true })
  planCompanyId: number | null;

  @Column({ name: 'plan_staff_id', type: 'integer', nullable: true })
  planStaffId: number | null;

  /** The account that signed, when the signer had one. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ name: 'signer_name', type: 'varchar', length: 255 })
  signerName: string;

  /** PNG data URL. */
  @Column({ type: 'text' })
  image: string;

  @Column({ name: 'has_watermark', type: 'boolean', default: false })
  hasWatermark: boolean;

  @Column({ type: 'varchar', length: 10 })
  channel: string;

  @Column({ type: 'integer', default: 0 })
  round: number;

  /** SHA-256 (hex) of the PDF the signer was shown, for link signatures. */
  @Column({ name: 'pdf_sha256', type: 'varchar', length: 64, nullable: true })
  pdfSha256: string | null;

  @Column({ name: 'history_id', type: 'integer', nullable: true })
  historyId: number | null;

  @Column({ name: 'signed_at', type: 'timestamptz' })
  signedAt: Date;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
