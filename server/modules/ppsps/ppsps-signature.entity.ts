import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Ppsps } from './ppsps.entity';

/** Who signs a PPSPS: a company, a staff member, the internal signer (correspondent), an inspection participant. */
export const PPSPS_SIGNATURE_KINDS = ['company', 'staff', 'internal', 'inspection'] as const;
export type PpspsSignatureKind = (typeof PPSPS_SIGNATURE_KINDS)[number];

/** Where the signature was drawn: in the application, on the site's device, from an emailed link. */
export const PPSPS_SIGNATURE_CHANNELS = ['app', 'site', 'link'] as const;
export type PpspsSignatureChannel = (typeof PPSPS_SIGNATURE_CHANNELS)[number];

/**
 * One signature of a PPSPS in one signing round (`round` = its amendment number when signed): the
 * columns of `plan_signature` (the shared signing core writes both), with `ppsps_id` for `plan_id`.
 */
@Entity('ppsps_signature')
@Index('IDX_ppsps_signature_ppsps', ['tenantId', 'ppspsId', 'round'])
// One live signature per signer and round: a double submit stores one.
@Index('UQ_ppsps_signature_signer', ['ppspsId', 'signerKey', 'round'], { unique: true, where: '"superseded_at" IS NULL' })
@Check('CHK_ppsps_signature_kind', `"kind" IN ('company', 'staff', 'internal', 'inspection')`)
@Check('CHK_ppsps_signature_channel', `"channel" IN ('app', 'site', 'link')`)
export class PpspsSignature {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'ppsps_id', type: 'integer' })
  ppspsId: number;

  @ManyToOne(() => Ppsps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ppsps_id' })
  ppsps: Relation<Ppsps>;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** `company:<planCompanyId>`, `staff:<planStaffId>`, `internal:<userId>`, `inspection:<participantId>`. */
  @Column({ name: 'signer_key', type: 'varchar', length: 60 })
  signerKey: string;

  /** ppsps_company.id for company signatures (column name shared with plan_signature); no FK. */
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
