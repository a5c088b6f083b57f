import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Contact } from './contact.entity';
import { Tiers } from './tiers.entity';
import { CrmFunction } from './crm-function.entity';

/** A contact's link to a company: his function there and his professional phone, mobile and email. */
@Entity('contact_company')
@Index('UQ_contact_company', ['contactId', 'tiersId'], { unique: true })
@Index('IDX_contact_company_tiers', ['tenantId', 'tiersId'])
@Index('IDX_contact_company_function', ['functionId'])
export class ContactCompany {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId: number;

  @ManyToOne(() => Contact, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contact_id' })
  contact: Relation<Contact>;

  @Column({ name: 'tiers_id', type: 'integer' })
  tiersId: number;

  @ManyToOne(() => Tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers>;

  @Column({ name: 'function_id', type: 'integer', nullable: true })
  functionId: number | null;

  @ManyToOne(() => CrmFunction, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'function_id' })
  function: Relation<CrmFunction> | null;

  @Column({ name: 'pro_phone', type: 'varchar', length: 30, nullable: true })
  proPhone: string | null;

  @Column({ name: 'pro_mobile', type: 'varchar', length: 30, nullable: true })
  proMobile: string | null;

  @Column({ name: 'pro_email', type: 'varchar', length: 180, nullable: true })
  proEmail: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
