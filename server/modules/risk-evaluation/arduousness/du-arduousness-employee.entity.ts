import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { Employee } from '../../hr/employee.entity';
import { DuArduousnessExposure } from './du-arduousness-exposure.entity';

/** An employee concerned by an exposure (staff from HR). */
@Entity('du_arduousness_employee')
@Index('IDX_du_arduousness_employee_employee', ['employeeId'])
export class DuArduousnessEmployee {
  @PrimaryColumn({ name: 'exposure_id', type: 'integer' })
  exposureId: number;

  @ManyToOne(() => DuArduousnessExposure, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exposure_id' })
  exposure: Relation<DuArduousnessExposure>;

  @PrimaryColumn({ name: 'employee_id', type: 'integer' })
  employeeId: number;

  @ManyToOne(() => Employee, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'employee_id' })
  employee: Relation<Employee>;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;
}
