import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/**
 * The columns of a signature drawn on the shared signature form for a record that is not a signed
 * document of the signing core (work order, permit): who signed, the PNG, the watermark flag and
 * when. Each entity adds its record's FK, its own columns and checks.
 */
export abstract class DrawnSignatureColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

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

  @Column({ name: 'signed_at', type: 'timestamptz' })
  signedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
