import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrawnSignatureColumns } from '../user-signature/drawn-signature.columns';
import { WorkOrder } from './work-order.entity';

/** When a work order signature is given: at the start of work, during it, at its end. */
export const WORK_ORDER_MOMENTS = ['start', 'intermediate', 'end'] as const;
/** Who signs: the ordering customer (or a substitute) or the company's contact. */
export const WORK_ORDER_SIGNER_ROLES = ['ordering_customer', 'contact'] as const;

/**
 * One signature of a work order. Start and end signatures are one per role; intermediate ones
 * (a daily handover, a resumption) may be many.
 */
@Entity('work_order_signature')
@Index('IDX_work_order_signature_order', ['tenantId', 'workOrderId'])
@Index('UQ_work_order_signature_role', ['workOrderId', 'moment', 'signerRole'], { unique: true, where: `"moment" <> 'intermediate'` })
@Check('CHK_work_order_signature_moment', `"moment" IN ('start', 'intermediate', 'end')`)
@Check('CHK_work_order_signature_role', `"signer_role" IN ('ordering_customer', 'contact')`)
export class WorkOrderSignature extends DrawnSignatureColumns {
  @Column({ name: 'work_order_id', type: 'integer' })
  workOrderId: number;

  @ManyToOne(() => WorkOrder, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'work_order_id' })
  workOrder: Relation<WorkOrder>;

  @Column({ type: 'varchar', length: 15 })
  moment: string;

  @Column({ name: 'signer_role', type: 'varchar', length: 20 })
  signerRole: string;
}
