import { z } from 'zod';
import { optionalId, optionalText, requiredText, version } from '../../../kernel/http/fields';

/** A workstation (`du_workstation[...]`): name, optional entity and work unit, description. */
export const workstationSchema = z.object({
  name: requiredText(180),
  hierarchyItemId: optionalId(),
  workUnitId: optionalId(),
  description: optionalText(5000),
  version,
});
/** A parsed workstation. */
export type WorkstationInput = z.infer<typeof workstationSchema>;
