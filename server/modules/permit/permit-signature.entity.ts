import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Permit } from './permit.entity';

/** A signature on a permit, given at one of its control steps (list, add, delete). */
@Entity('permit_signature')
@Index('IDX_permit_signature_permit', ['tenantId', 'permitId'])
@Check('CHK_permit_signature_step', `"step" IN ('before', 'after', 'two_hours')`)
export class PermitSignature {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'permit_id', type: 'integer' })
  permitId: number;

  @ManyToOne(() => Permit, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permit_id' })
  permit: Relation<Permit>;

  @Column({ type: 'varchar', length: 20 })
  step: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ name: 'signer_name', type: 'varchar', length: 255 })
  signerName: string;

  /** What the signer signs as (manager, supervisor, worker ...), free text. */
  @Column({ name: 'signer_quality', type: 'varchar', length: 100, nullable: true })
  signerQuality: string | null;

  /** PNG data URL. */
  @Column({ type: 'text' })
  image: string;

  @Column({ name: 'has_watermark', type: 'boolean', default: false })
  hasWatermark: boolean;

  @Column({ name: 'signed_at', type: 'timestamptz' })
  signedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
