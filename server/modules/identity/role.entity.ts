import { Column, Entity, OneToMany, PrimaryGeneratedColumn , type Relation } from 'typeorm';
import { RoleRight } from './role-right.entity';

/** A role (the spec's named roles and custom ones); it holds a set of named rights. */
@Entity('role')
export class Role {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Code such as `super_admin`, `order_giver`; custom roles get a generated code. */
  @Column({ type: 'varchar', length: 60, unique: true })
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
