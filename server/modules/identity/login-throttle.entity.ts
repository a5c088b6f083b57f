import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A fixed one-minute window of failed logins for one key (`ip:<ip>` or `ipu:<ip>|<username>`),
 * in PostgreSQL so every process of the application shares it.
 */
@Entity('login_throttle')
export class LoginThrottle {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key: string;

  @Column({ type: 'integer', default: 0 })
  hits: number;

  @Column({ name: 'window_start', type: 'timestamptz' })
  windowStart: Date;
}
