import { Column, Entity, ManyToOne, JoinColumn, PrimaryColumn , type Relation } from 'typeorm';
import { Role } from './role.entity';

/** One named right granted to a role. */
@Entity('role_right')
export class RoleRight {
  @PrimaryColumn({ name: 'role_id', type: 'integer' })
  roleId: number;

  @PrimaryColumn({ type: 'varchar', length: 120 })
  right: string;

  @ManyToOne(() => Role, (r) => r.rights, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role: Relation<Role>;
}
