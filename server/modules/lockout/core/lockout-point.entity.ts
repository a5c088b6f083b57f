import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { LockoutMachine } from './lockout-machine.entity';
import { LockoutType } from './lockout-type.entity';

/**
 * A required consignment of a machine, i.e. an isolation point (seed 002: code, type, location,
 * cut method, verification method). Every one must be checked done on a slip before consigning.
 */
@Entity('lockout_point')
@Index('IDX_lockout_point_machine', ['tenantId', 'machineId', 'position', 'id'])
@Index('IDX_lockout_point_type', ['tenantId', 'typeId'])
export class LockoutPoint {
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

  @Column({ type: 'varchar', length: 60 })
  code: string;

  @Column({ name: 'type_id', type: 'integer' })
  typeId: number;

  @ManyToOne(() => LockoutType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'type_id' })
  type: Relation<LockoutType>;

  @Column({ type: 'varchar', length: 255 })
  location: string;

  @Column({ name: 'cut_method', type: 'varchar', length: 255 })
  cutMethod: string;

  @Column({ name: 'verification_method', type: 'varchar', length: 255 })
  verificationMethod: string;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
