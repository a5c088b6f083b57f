import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { LockoutMachine } from './lockout-machine.entity';
import { LockoutPoint } from './lockout-point.entity';

/** A photo of a machine (seed 002: image required, comment, consignment), optionally of one isolation point. */
@Entity('lockout_photo')
@Index('IDX_lockout_photo_machine', ['tenantId', 'machineId', 'id'])
@Index('IDX_lockout_photo_point', ['pointId'])
@Index('IDX_lockout_photo_file', ['fileId'])
export class LockoutPhoto {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @ManyToOne(() => LockoutMachine, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'machine_id' })
  machine: Relation<LockoutMachine>;

  @Column({ name: 'file_id', type: 'integer' })
  fileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile>;

  @Column({ type: 'varchar', length: 255, nullable: true })
  comment: string | null;

  @Column({ name: 'point_id', type: 'integer', nullable: true })
  pointId: number | null;

  @ManyToOne(() => LockoutPoint, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'point_id' })
  point: Relation<LockoutPoint> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
