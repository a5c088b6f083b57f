import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** A user's authenticator app (TOTP, RFC 6238): its base32 secret and the last time step used. */
@Entity('user_totp')
export class UserTotp {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @Column({ type: 'varchar', length: 64 })
  secret: string;

  @Column({ name: 'enabled_at', type: 'timestamptz' })
  enabledAt: Date;

  /** Refuses a code replayed within its validity window. */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep: string | null;
}
