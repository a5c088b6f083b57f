import { z } from 'zod';
import { checkbox, integer, optionalId, optionalInteger, optionalText, requiredId, requiredText, text, version } from '../../../kernel/http/fields';
import { colorField } from '../core/du-fields';

/** Largest valuation of a scale value. */
export const MAX_VALUATION = 1000;
/** Largest bound of a priority level. */
export const MAX_LEVEL_BOUND = 1_000_000;

/** A value of a rating scale (`du_scale_value[...]`): label, valuation, colour, short description. */
export const scaleValueSchema = z.object({
  label: requiredText(120),
  valuation: integer(0, MAX_VALUATION),
  color: colorField(),
  description: optionalText(255),
  version,
});
/** A parsed scale value. */
export type ScaleValueInput = z.infer<typeof scaleValueSchema>;

/** One row of the priority levels form (`du_priority_levels[levels][<n>][...]`); a blank new row is skipped. */
export const levelRowSchema = z.object({
  id: optionalId(),
  label: requiredText(120),
  minValue: integer(0, MAX_LEVEL_BOUND),
  maxValue: optionalInteger(0, MAX_LEVEL_BOUND),
  color: colorField(),
  description: optionalText(255),
  version,
  remove: checkbox,
}).refine((r) => r.maxValue === null || r.maxValue >= r.minValue, { error: 'risk-evaluation.levels.max_below_min', path: ['maxValue'] });
/** A parsed priority level row. */
export type LevelRowInput = z.infer<typeof levelRowSchema>;

/** A danger family (`du_danger_family[...]`). */
export const familySchema = z.object({
  label: requiredText(180),
  description: optionalText(255),
  version,
});
/** A parsed danger family. */
export type FamilyInput = z.infer<typeof familySchema>;

/** A risk of the document (`du_risk[...]`): label, family, injuries one per line. */
export const riskSchema = z.object({
  label: requiredText(180),
  dangerFamilyId: requiredId(),
  injuries: text(2000),
  version,
});
/** A parsed risk. */
export type RiskInput = z.infer<typeof riskSchema>;
