import { z } from 'zod';
import { checkbox, frenchDate as kernelDate, idList as kernelIdList, lastValue, email, text, time as kernelTime } from '../../../kernel/http/fields';

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = kernelDate({ error: 'plan-inspection.validation.date' });
/** `HH:MM`, or null when blank. */
const time = kernelTime({ error: 'plan-inspection.validation.time' });
const idList = kernelIdList({ max: 500 });

/** Name of the invitation form: its fields are `plan_inspection_invitation[<field>]`. */
export const INVITATION_FORM = 'plan_inspection_invitation';

/**
 * Both steps of the invitation form (types and lengths only; the required fields and the time
 * rules are checked by the service, so each is flagged on its own field).
 * Step 1: when and where, facilities, when the CSE was informed. Step 2: recipients and message.
 */
export const invitationSchema = z.object({
  step: z.preprocess((v) => (lastValue(v) === '2' ? 2 : 1), z.union([z.literal(1), z.literal(2)])),
  inspectionDate: frenchDate,
  inspectionTime: time,
  meetingPoint: text(255),
  facilities: text(4000),
  cseInformedDate: frenchDate,
  companies: idList,
  users: idList,
  cse: checkbox,
  cseName: text(255),
  cseEmail: email(255),
  message: text(5000),
});
export type InvitationInput = z.infer<typeof invitationSchema>;
