import { Entity, ManyToOne, JoinColumn, PrimaryColumn, type Relation } from 'typeorm';
// By name, not by class: the role imports its rights, so the rights name their role (no import circle).
import type { Role } from './role.entity';

/** One named right granted to a role. */
@Entity('role_right')
export class RoleRight {
  @PrimaryColumn({ name: 'role_id', type: 'integer' })
  roleId: number;

  @PrimaryColumn({ type: 'varchar', length: 120 })
  right: string;

  @ManyToOne('Role', (r: Role) => r.rights, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role: Relation<Role>;
}
