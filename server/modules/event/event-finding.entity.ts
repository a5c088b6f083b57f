import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Event } from './event.entity';

/** An observation of a safety visit (with its risk perception code) or a finding of an audit. */
@Entity('event_finding')
@Index(['eventId', 'position'])
@Check('CHK_event_finding_kind', `"kind" IN ('positive_point', 'dangerous_act', 'hazardous_condition', 'strong_point', 'non_conformity', 'sensitive_point', 'improvement')`)
@Check('CHK_event_finding_risk', `"risk_perception" IS NULL OR "risk_perception" IN ('PF', 'PP', 'PS', 'NC')`)
export class EventFinding {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'event_id', type: 'integer' })
  eventId: number;

  @ManyToOne(() => Event, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event: Relation<Event>;

  @Column({ type: 'varchar', length: 30 })
  kind: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'risk_perception', type: 'varchar', length: 2, nullable: true })
  riskPerception: string | null;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
