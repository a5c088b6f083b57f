import { z } from 'zod';
import { oneOf, optionalId, optionalText, requiredFrenchDate, frenchDate, requiredText, version } from '../../../kernel/http/fields';

/** Maintenance types (seed 002): maintenance, repair. */
export const MAINTENANCE_TYPES = ['maintenance', 'repair'] as const;
/** Part types (seed 002): quote, notice, conformity certificate, plan, other. */
export const PART_TYPES = ['quote', 'notice', 'conformity_certificate', 'plan', 'other'] as const;

/** The intervention form's name (`maintenance[...]`). */
export const MAINTENANCE_FORM = 'maintenance';
/** The part form's name (`equipment_part[...]`). */
export const PART_FORM = 'equipment_part';

const dateMessage = { error: 'vgp-book.validation.date' };

/** An intervention of the maintenance book. */
export const maintenanceSchema = z.object({
  subject: requiredText(255),
  supervisor: optionalId({ error: 'validation.choice' }),
  date: requiredFrenchDate(dateMessage),
  type: oneOf(MAINTENANCE_TYPES, { required: 'validation.choice' }),
  version,
});
export type MaintenanceInput = z.infer<typeof maintenanceSchema>;

/** A part (document) of an equipment; its file comes apart, in the multipart body. */
export const partSchema = z.object({
  type: oneOf(PART_TYPES, { required: 'validation.choice' }),
  reference: optionalText(100),
  label: requiredText(255),
  date: frenchDate(dateMessage),
  version,
});
export type PartInput = z.infer<typeof partSchema>;
