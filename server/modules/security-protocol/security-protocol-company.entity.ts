import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Tiers } from '../crm/tiers.entity';
import { TiersAddress } from '../crm/tiers-address.entity';
import { Contact } from '../crm/contact.entity';
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
export class SecurityProtocolCompany {
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

  /** The CRM company; null for a company typed by hand (the host may be). */
  @Column({ name: 'tiers_id', type: 'integer', nullable: true })
  tiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  director: string | null;

  @Column({ type: 'text', nullable: true })
  substitutes: string | null;

  @Column({ name: 'tiers_address_id', type: 'integer', nullable: true })
  tiersAddressId: number | null;

  @ManyToOne(() => TiersAddress, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_address_id' })
  tiersAddress: Relation<TiersAddress> | null;

  @Column({ name: 'address_name', type: 'varchar', length: 255, nullable: true })
  addressName: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 150, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  country: string | null;

  /** The company's manager on this protocol (a CRM contact); he signs by emailed link. */
  @Column({ name: 'contact_id', type: 'integer', nullable: true })
  contactId: number | null;

  @ManyToOne(() => Contact, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'contact_id' })
  contact: Relation<Contact> | null;

  @Column({ name: 'last_name', type: 'varchar', length: 150, nullable: true })
  lastName: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 150, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  mobile: string | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
