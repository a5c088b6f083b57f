import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';

const frenchDate = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required')
  .refine((v) => parseFrenchDate(v) !== null && !/\d{2}:\d{2}/.test(v), 'access.validation.date')
  .transform((v) => parseFrenchDate(v)!.toISOString().slice(0, 10));

/** The delegation form `delegation[recipientId|startDate|endDate]` (dates DD/MM/YYYY, end on or after start). */
export const delegationSchema = z.object({
  recipientId: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').regex(/^\d+$/, 'validation.choice').transform(Number),
  startDate: frenchDate,
  endDate: frenchDate,
}).refine((d) => d.endDate >= d.startDate, { path: ['endDate'], message: 'access.validation.end_before_start' });

export type DelegationInput = z.infer<typeof delegationSchema>;

/** The switch list's search query. */
export const switchFilterSchema = z.object({ q: z.string().max(100).optional().catch(undefined) }).transform((v) => ({ q: v.q ?? '' }));
