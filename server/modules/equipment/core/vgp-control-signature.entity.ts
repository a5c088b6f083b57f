import { Check, Column, Entity, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { DrawnSignatureColumns } from '../../user-signature/drawn-signature.columns';
import { VgpControl } from './vgp-control.entity';

/** The controller's or the owner's signature of a control (one each), drawn on the shared signature form. */
@Entity('vgp_control_signature')
@Unique('UQ_vgp_control_signature_role', ['controlId', 'role'])
@Check('CHK_vgp_control_signature_role', `"role" IN ('controller', 'owner')`)
export class VgpControlSignature extends DrawnSignatureColumns {
  @Column({ name: 'control_id', type: 'integer' })
  controlId: number;

  @ManyToOne(() => VgpControl, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'control_id' })
  control: Relation<VgpControl>;

  @Column({ type: 'varchar', length: 20 })
  role: string;
}
