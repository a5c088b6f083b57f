import { z } from 'zod';
import { requiredText, version } from '../../../kernel/http/fields';

/** The control form's own fields (`vgp_form[...]`): its name; groups, checkpoints and answers are built in the questionnaire editor. */
export const vgpFormSchema = z.object({ name: requiredText(180), version });
export type VgpFormInput = z.infer<typeof vgpFormSchema>;
