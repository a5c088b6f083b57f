import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrawnSignatureColumns } from '../user-signature/drawn-signature.columns';
import { Permit } from './permit.entity';

/** A signature on a permit, given at one of its control steps (list, add, delete). */
@Entity('permit_signature')
@Index('IDX_permit_signature_permit', ['tenantId', 'permitId'])
@Check('CHK_permit_signature_step', `"step" IN ('before', 'after', 'two_hours')`)
export class PermitSignature extends DrawnSignatureColumns {
  @Column({ name: 'permit_id', type: 'integer' })
  permitId: number;

  @ManyToOne(() => Permit, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permit_id' })
  permit: Relation<Permit>;

  @Column({ type: 'varchar', length: 20 })
  step: string;

  /** What the signer signs as (manager, supervisor, worker ...), free text. */
  @Column({ name: 'signer_quality', type: 'varchar', length: 100, nullable: true })
  signerQuality: string | null;
}
