import type { VgpPart } from '../core/vgp-part';
import { seedToursDemo } from './tours.demo';
import * as c from './tour-controls.handlers';
import * as h from './tour.handlers';
import { tourPrint } from './tour-pdf';

const TOURS = 'vgp.tours';

/** Tours (« tournées »): an entity, a date and time, a controller, controls in order with their done date, and the printed round. */
export const toursPart: VgpPart = {
  routes: [
    { name: 'vgp_tour_index', method: 'GET', path: '/equipment/tours', right: TOURS, handler: h.tourIndex },
    { name: 'vgp_tour_add', method: ['GET', 'POST'], path: '/equipment/tours/new', right: TOURS, handler: h.tourAdd },
    { name: 'vgp_tour_show', method: 'GET', path: '/equipment/tours/{id}', right: TOURS, handler: h.tourShow },
    { name: 'vgp_tour_edit', method: ['GET', 'POST'], path: '/equipment/tours/{id}/edit', right: TOURS, handler: h.tourEdit },
    { name: 'vgp_tour_delete', method: 'POST', path: '/equipment/tours/{id}/delete', right: TOURS, forbiddenMessage: 'vgp-tours.forbidden', handler: h.tourDelete },
    { name: 'vgp_tour_print', method: 'GET', path: '/equipment/tours/{id}/pdf', right: TOURS, heavy: 'pdf', handler: tourPrint },
    { name: 'vgp_tour_control_add', method: ['GET', 'POST'], path: '/equipment/tours/{id}/controls/new', right: TOURS, handler: c.tourControlAdd },
    { name: 'vgp_tour_control_move', method: 'POST', path: '/equipment/tours/controls/{id}/move', right: TOURS, handler: c.tourControlMove },
    { name: 'vgp_tour_control_done', method: 'POST', path: '/equipment/tours/controls/{id}/done', right: TOURS, handler: c.tourControlDone },
    { name: 'vgp_tour_control_remove', method: 'POST', path: '/equipment/tours/controls/{id}/remove', right: TOURS, forbiddenMessage: 'vgp-tours.forbidden', handler: c.tourControlRemove },
  ],
  demo: seedToursDemo,
};
