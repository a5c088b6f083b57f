import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';

/** Civilities of a contact: M., Mme, Mlle. */
export const CONTACT_CIVILITIES = ['mr', 'mrs', 'ms'] as const;
export type ContactCivility = (typeof CONTACT_CIVILITIES)[number];

/**
 * A person of the CRM (the spec's employee/contact). Linked to companies through `contact_company`;
 * `with_user_account` asks for a user account (role `contact`) kept in `user_id`.
 */
@Entity('contact')
@Index('IDX_contact_tenant_name', ['tenantId', 'lastName', 'firstName'])
@Index('IDX_contact_user', ['userId'])
// The list's order, lower(last_name), lower(first_name) (expression, partial): migration ListQueryPlanIndexes.
@Index('IDX_contact_list_name', { synchronize: false })
@Check('CHK_contact_civility', `"civility" IS NULL OR "civility" IN ('mr', 'mrs', 'ms')`)
export class Contact {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ name: 'birth_date', type: 'date', nullable: true })
  birthDate: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  civility: ContactCivility | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  address: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  mobile: string | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ name: 'with_user_account', type: 'boolean', default: false })
  withUserAccount: boolean;

  /** No longer works for the company (kept for the history of plans). */
  @Column({ name: 'is_old_employee', type: 'boolean', default: false })
  isOldEmployee: boolean;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ type: 'varchar', length: 5, default: 'fr' })
  locale: string;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
