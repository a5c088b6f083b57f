import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { SecurityProtocol } from './security-protocol.entity';

/**
 * One signature of a protocol in one signing round: exactly `plan_signature`'s columns with
 * `plan_id` renamed `protocol_id` (the shared signing core writes both the same way).
 */
@Entity('security_protocol_signature')
@Index('IDX_security_protocol_signature_protocol', ['tenantId', 'protocolId', 'round'])
// One live signature per signer and round: a double submit stores one.
@Index('UQ_security_protocol_signature_signer', ['protocolId', 'signerKey', 'round'], { unique: true, where: '"superseded_at" IS NULL' })
@Check('CHK_security_protocol_signature_kind', `"kind" IN ('company', 'staff', 'internal', 'inspection')`)
@Check('CHK_security_protocol_signature_channel', `"channel" IN ('app', 'site', 'link')`)
export class SecurityProtocolSignature {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** `company:<planCompanyId>`, `staff:<planStaffId>`, `internal:<userId>`, `inspection:<participantId>`. */
  @Column({ name: 'signer_key', type: 'varchar', length: 60 })
  signerKey: string;

  /** The company (security_protocol_company.id; column name kept from plan_signature) for company signatures; no FK. */
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
