import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** The kinds of prevention organisation of the spec (seed 002). */
export const PREVENTION_ORGANISATION_TYPES = ['labour_inspection', 'occupational_medicine', 'cram', 'carsat', 'oppbtp'] as const;
export type PreventionOrganisationType = (typeof PREVENTION_ORGANISATION_TYPES)[number];

/**
 * An organisation a prevention plan is sent to or names (labour inspection, occupational medicine,
 * CRAM, CARSAT, OPPBTP), with its contact details.
 */
@Entity('prevention_organisation')
@Index('IDX_prevention_organisation_list', ['tenantId', 'type'])
@Check('CHK_prevention_organisation_type', `"type" IN ('labour_inspection', 'occupational_medicine', 'cram', 'carsat', 'oppbtp')`)
export class PreventionOrganisation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 40 })
  type: PreventionOrganisationType;

  /** Name of the person to contact. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  contact: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
