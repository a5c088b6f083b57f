import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { SignatureColumns } from '../../signing/signature-columns';
import { PreventionPlan } from '../core/prevention-plan.entity';

/**
 * One signature of a plan in one signing round (`round` = the plan's amendment number when signed).
 * An amendment supersedes the round's signatures instead of deleting them, so history keeps them.
 */
@Entity('plan_signature')
@Index('IDX_plan_signature_plan', ['tenantId', 'planId', 'round'])
// One live signature per signer and round: a double submit stores one.
@Index('UQ_plan_signature_signer', ['planId', 'signerKey', 'round'], { unique: true, where: '"superseded_at" IS NULL' })
@Check('CHK_plan_signature_kind', `"kind" IN ('company', 'staff', 'internal', 'inspection')`)
@Check('CHK_plan_signature_channel', `"channel" IN ('app', 'site', 'link')`)
export class PlanSignature extends SignatureColumns {
  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;
}
