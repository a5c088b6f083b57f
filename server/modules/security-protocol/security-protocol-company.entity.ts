import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyBlockColumns } from '../crm/company-block.columns';
import { Tenant } from '../identity/tenant.entity';
import { SecurityProtocol } from './security-protocol.entity';

/** Kinds of company on a protocol (seed 002): host, carrier, handler, subcontractor. */
export const PROTOCOL_COMPANY_KINDS = ['host', 'carrier', 'handler', 'subcontractor'] as const;
export type ProtocolCompanyKind = (typeof PROTOCOL_COMPANY_KINDS)[number];

/**
 * A company taking part in a protocol: the company block of seed 002 ("Company (tiers) block"),
 * a snapshot copied from the CRM when chosen, as on plans.
 */
@Entity('security_protocol_company')
@Index('IDX_security_protocol_company_tenant_protocol', ['tenantId', 'protocolId'])
@Check('CHK_security_protocol_company_kind', `"kind" IN ('host', 'carrier', 'handler', 'subcontractor')`)
export class SecurityProtocolCompany extends CompanyBlockColumns {
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
  kind: ProtocolCompanyKind;
}
