import { z } from 'zod';
import { optionalId, requiredFrenchDate, requiredId, requiredText, requiredTime, version } from '../../../kernel/http/fields';

/** The tour form's name (`vgp_tour[...]`). */
export const TOUR_FORM = 'vgp_tour';
/** The form adding a control to a tour (`vgp_tour_control[...]`). */
export const TOUR_CONTROL_FORM = 'vgp_tour_control';

/** A tour: its name, entity, day and time (Paris), controller. */
export const tourSchema = z.object({
  name: requiredText(180),
  entity: requiredId({ error: 'validation.choice', required: 'validation.required' }),
  date: requiredFrenchDate({ error: 'vgp-tours.validation.date' }),
  time: requiredTime({ error: 'vgp-tours.validation.time' }),
  controller: optionalId({ error: 'validation.choice' }),
  version,
});
export type TourInput = z.infer<typeof tourSchema>;

/** A control added to a tour, with the tour's version the page showed. */
export const tourControlSchema = z.object({
  controllable: requiredId({ error: 'validation.choice', required: 'validation.required' }),
  version,
});
export type TourControlInput = z.infer<typeof tourControlSchema>;
