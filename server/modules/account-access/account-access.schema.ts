import { z } from 'zod';
import { queryText, requiredFrenchDate, requiredId } from '../../kernel/http/fields';

const frenchDate = requiredFrenchDate({ error: 'access.validation.date' });

/** The delegation form `delegation[recipientId|startDate|endDate]` (dates DD/MM/YYYY, end on or after start). */
export const delegationSchema = z.object({
  recipientId: requiredId({ error: 'validation.choice' }),
  startDate: frenchDate,
  endDate: frenchDate,
}).refine((d) => d.endDate >= d.startDate, { path: ['endDate'], message: 'access.validation.end_before_start' });

export type DelegationInput = z.infer<typeof delegationSchema>;

/** The switch list's search query. */
export const switchFilterSchema = z.object({ q: queryText(100) });
