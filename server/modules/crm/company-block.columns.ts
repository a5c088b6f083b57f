import { Column, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Contact } from './contact.entity';
import { Tiers } from './tiers.entity';
import { TiersAddress } from './tiers-address.entity';

/**
 * The company block of seed 002 ("Company (tiers) block used in plans"): a copy of a CRM company,
 * its address and its contact on a plan, a protocol or a PPSPS, kept as it was when added. The
 * company tables extend it with their id, tenant, document, kind and parent.
 */
export abstract class CompanyBlockColumns {
  /** The CRM company; null for a company typed by hand (a plan's user company for the tenant itself). */
  @Column({ name: 'tiers_id', type: 'integer', nullable: true })
  tiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  director: string | null;

  /** Who stands in for the director or the manager (free text). */
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

  /** The company's manager or contact on the document (a CRM contact), with a snapshot of his details; he signs for it. */
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

/** A company block as screens and services read it (the columns of {@link CompanyBlockColumns}). */
export interface CompanyBlockRow {
  tiersId: number | null;
  name: string;
  director: string | null;
  substitutes: string | null;
  tiersAddressId: number | null;
  addressName: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  country: string | null;
  contactId: number | null;
  lastName: string | null;
  firstName: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  version: number;
}

/** The SELECT list of a company block's columns for table alias `a`, named as {@link CompanyBlockRow}. */
export function companyBlockSelect(a: string): string {
  return `${a}.tiers_id AS "tiersId", ${a}.name, ${a}.director, ${a}.substitutes, ${a}.tiers_address_id AS "tiersAddressId",
  ${a}.address_name AS "addressName", ${a}.address, ${a}.zip_code AS "zipCode", ${a}.city, ${a}.country, ${a}.contact_id AS "contactId",
  ${a}.last_name AS "lastName", ${a}.first_name AS "firstName", ${a}.phone, ${a}.mobile, ${a}.email, ${a}.version`;
}
