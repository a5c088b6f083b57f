import { z } from 'zod';
import { checkbox, integer, oneOf, optionalEmail, optionalPhone, optionalText as optional, requiredText as required, version } from '../../kernel/http/fields';
import { PREVENTION_ORGANISATION_TYPES } from './prevention-organisation.entity';

/** The work type form (`work_type[...]`). */
export const workTypeSchema = z.object({
  label: required(500),
  dangerous: checkbox,
  isRoofWork: checkbox,
  weighting: integer(0, 100, { fallback: 0 }),
  position: integer(0, 9999, { fallback: 0 }),
  active: checkbox,
  version,
});
export type WorkTypeInput = z.infer<typeof workTypeSchema>;

/** The prevention organisation form (`prevention_organisation[...]`). */
export const organisationSchema = z.object({
  name: required(255),
  type: oneOf(PREVENTION_ORGANISATION_TYPES, { required: 'validation.selection' }),
  contact: optional(255),
  address: optional(2000),
  email: optionalEmail(180),
  phone: optionalPhone(40, { pattern: /^[0-9+().\s-]{4,40}$/ }),
  version,
});
export type OrganisationInput = z.infer<typeof organisationSchema>;

/** The lot form (`lot[...]`) and the specification form (`lot_specification[...]`): a label. */
export const labelSchema = z.object({ label: required(255), version });
export type LabelInput = z.infer<typeof labelSchema>;
