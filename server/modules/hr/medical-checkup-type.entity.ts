import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * A type of medical check-up (seed 002: name, frequency, alert delay). `frequency_months` is how
 * long a check-up of this type stays valid; `alert_days` overrides the `medical_alert_days`
 * setting when set.
 */
@Entity('medical_checkup_type')
@Check('CHK_medical_checkup_type_frequency', '"frequency_months" > 0')
export class MedicalCheckupType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'frequency_months', type: 'integer' })
  frequencyMonths: number;

  @Column({ name: 'alert_days', type: 'integer', nullable: true })
  alertDays: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
