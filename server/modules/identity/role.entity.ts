import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { RoleRight } from './role-right.entity';
import { Tenant } from './tenant.entity';

/**
 * A role of one company (the spec's named roles, seeded in every company, and the company's
 * custom roles); it holds a set of named rights. Each company configures its own roles, so
 * nothing an administrator does here reaches another company (docs/rights.md).
 */
@Entity('role')
@Index('UQ_role_tenant_code', ['tenantId', 'code'], { unique: true })
export class Role {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  // A company's roles go with it.
  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** Code such as `super_admin`, `order_giver`, unique in the company; custom roles get a generated code. */
  @Column({ type: 'varchar', length: 60 })
  code: string;

  @Column({ type: 'varchar', length: 120 })
  label: string;

  @Column({ type: 'varchar', length: 20, default: 'blue' })
  color: string;

  /** Roles of the spec cannot be deleted. */
  @Column({ name: 'is_system', type: 'boolean', default: false })
  isSystem: boolean;

  @OneToMany(() => RoleRight, (r) => r.role)
  rights: Relation<RoleRight[]>;
}
