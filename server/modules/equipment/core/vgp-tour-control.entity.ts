import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { VgpControllable } from './vgp-controllable.entity';
import { VgpTour } from './vgp-tour.entity';

/** A control of a tour, in its order; `done_at` is set when the control is carried out during the round. */
@Entity('vgp_tour_control')
@Unique('UQ_vgp_tour_control', ['tourId', 'controllableId'])
export class VgpTourControl {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'tour_id', type: 'integer' })
  tourId: number;

  @ManyToOne(() => VgpTour, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tour_id' })
  tour: Relation<VgpTour>;

  @Column({ name: 'controllable_id', type: 'integer' })
  controllableId: number;

  @ManyToOne(() => VgpControllable, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'controllable_id' })
  controllable: Relation<VgpControllable>;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;
}
