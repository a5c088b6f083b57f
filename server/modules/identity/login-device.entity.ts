import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * A browser the user completed a login from (or reset their password from): the SHA-256 of the
 * random token of its `vigie.device` cookie. Such a browser is never held back by the per-account
 * lockout, so failures caused by someone else cannot keep the owner out.
 */
@Entity('login_device')
export class LoginDevice {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'last_login_at', type: 'timestamptz' })
  lastLoginAt: Date;
}
