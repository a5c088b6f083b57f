import type { z } from 'zod';
import { requiredText } from '../../../kernel/http/fields';

/** A colour `#rrggbb` (the colour input's value), lower-cased; `risk-evaluation.validation.color` otherwise. */
export const colorField = (): z.ZodType<string> =>
  requiredText(7).refine((c) => /^#[0-9a-fA-F]{6}$/.test(c), { error: 'risk-evaluation.validation.color' }).transform((c) => c.toLowerCase());
