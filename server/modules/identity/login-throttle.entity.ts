import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A window of failed logins for one key (`ip:<ip>`, `ipu:<ip>|<username>`, or an account key
 * `acct:<user id>`), in PostgreSQL so every process of the application shares it.
 */
@Entity('login_throttle')
export class LoginThrottle {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key: string;

  @Column({ type: 'integer', default: 0 })
  hits: number;

  @Column({ name: 'window_start', type: 'timestamptz' })
  windowStart: Date;

  /** Account keys: logins from unknown devices are refused until then. */
  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;

  /** Account keys: blocks of the running episode (each twice as long as the one before). */
  @Column({ type: 'integer', default: 0 })
  lockouts: number;
}
