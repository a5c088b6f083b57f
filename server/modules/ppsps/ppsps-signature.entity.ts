import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { SignatureColumns } from '../signing/signature-columns';
import { Ppsps } from './ppsps.entity';

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
export class PpspsSignature extends SignatureColumns {
  @Column({ name: 'ppsps_id', type: 'integer' })
  ppspsId: number;

  @ManyToOne(() => Ppsps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ppsps_id' })
  ppsps: Relation<Ppsps>;
}
