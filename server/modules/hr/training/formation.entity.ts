import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { FormationTheme } from './formation-theme.entity';
import { Trainer } from './trainer.entity';

/**
 * A formation (seed 002 "Formation"): valid `validity_months` after it is obtained, or for good
 * when `permanent` (then `validity_months` is null). `alert_days` overrides the company setting
 * `formation_alert_days` for the "expiring" status and alert mail.
 */
@Entity('formation')
@Index('IDX_formation_tenant', ['tenantId', 'name'])
@Check('CHK_formation_validity', '("permanent" AND "validity_months" IS NULL) OR (NOT "permanent" AND "validity_months" > 0)')
@Check('CHK_formation_alert_days', '"alert_days" IS NULL OR "alert_days" >= 0')
export class Formation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'theme_id', type: 'integer', nullable: true })
  themeId: number | null;

  @ManyToOne(() => FormationTheme, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'theme_id' })
  theme: Relation<FormationTheme> | null;

  @Column({ name: 'validity_months', type: 'integer', nullable: true })
  validityMonths: number | null;

  @Column({ name: 'alert_days', type: 'integer', nullable: true })
  alertDays: number | null;

  @Column({ type: 'boolean', default: false })
  permanent: boolean;

  @Column({ type: 'boolean', default: true })
  displayed: boolean;

  @Column({ name: 'employer_authorization', type: 'boolean', default: false })
  employerAuthorization: boolean;

  @ManyToMany(() => Trainer)
  @JoinTable({ name: 'formation_trainer', joinColumn: { name: 'formation_id' }, inverseJoinColumn: { name: 'trainer_id' } })
  trainers: Relation<Trainer[]>;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
