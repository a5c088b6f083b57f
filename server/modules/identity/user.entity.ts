import { Column, CreateDateColumn, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn , type Relation } from 'typeorm';
import { Role } from './role.entity';
import { Tenant } from './tenant.entity';

/** The six locales of the product; French is the source. */
export const LOCALES = ['fr', 'en', 'es', 'de', 'ro', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

/** A person who logs in. Belongs to a home tenant and may switch to other companies. */
@Entity('app_user')
@Index('IDX_app_user_tenant', ['tenantId'])
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 180, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 5, default: 'fr' })
  locale: string;

  /** M., Mme, Mlle (codes `mr`, `mrs`, `ms`). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  civility: string | null;

  @Column({ name: 'birth_date', type: 'date', nullable: true })
  birthDate: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  mobile: string | null;

  /** `stored_file` row of the profile photo. */
  @Column({ name: 'photo_file_id', type: 'integer', nullable: true })
  photoFileId: number | null;

  /** The role the user holds within their hierarchy items and services (its scope). */
  @Column({ name: 'hierarchy_role', type: 'varchar', length: 60, nullable: true })
  hierarchyRole: string | null;

  @Column({ name: 'supervisor_id', type: 'integer', nullable: true })
  supervisorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'supervisor_id' })
  supervisor: Relation<User> | null;

  /** After this instant the account is expired (login refused with its own message). */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Locked by an administrator (distinct from disabled). */
  @Column({ type: 'boolean', default: false })
  locked: boolean;

  /** After this instant the password must be changed before going on. */
  @Column({ name: 'credentials_expire_at', type: 'timestamptz', nullable: true })
  credentialsExpireAt: Date | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt: Date | null;

  /** Receives the mail when an equipment control is processed. */
  @Column({ name: 'vgp_processed_mail', type: 'boolean', default: false })
  vgpProcessedMail: boolean;

  /** Receives an e-mail when one of their actions is processed. */
  @Column({ name: 'action_processed_mail', type: 'boolean', default: true })
  actionProcessedMail: boolean;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** The login before the current one, shown to the user ("Dernière connexion"). */
  @Column({ name: 'previous_login_at', type: 'timestamptz', nullable: true })
  previousLoginAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Optimistic lock, checked by hand (`UPDATE ... WHERE version = $n`). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @ManyToMany(() => Role)
  @JoinTable({ name: 'user_role', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'role_id' } })
  roles: Relation<Role[]>;

  /** Companies the user may switch to (the home tenant is always one of them). */
  @ManyToMany(() => Tenant)
  @JoinTable({ name: 'user_tenant', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'tenant_id' } })
  tenants: Relation<Tenant[]>;
}
