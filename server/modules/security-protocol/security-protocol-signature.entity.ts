import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { SignatureColumns } from '../signing/signature-columns';
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
export class SecurityProtocolSignature extends SignatureColumns {
  @Column({ name: 'protocol_id', type: 'integer' })
  protocolId: number;

  @ManyToOne(() => SecurityProtocol, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'protocol_id' })
  protocol: Relation<SecurityProtocol>;
}
