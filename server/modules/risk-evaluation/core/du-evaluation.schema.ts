import { z } from 'zod';
import { idList, optionalId, optionalText, requiredId, requiredText, version } from '../../../kernel/http/fields';

/** The form's name: fields are `risk_evaluation[<field>]`. */
export const EVALUATION_FORM = 'risk_evaluation';

/** The rating fields, the only ones « modifier la cotation du risque » may change. */
export const RATING_FIELDS = ['gravityId', 'probabilityId', 'controlId', 'residualLevelId'] as const;

/** The rating of an evaluation (`risk_evaluation[...]`), with the optimistic lock. */
export const ratingSchema = z.object({
  gravityId: requiredId(),
  probabilityId: requiredId(),
  controlId: requiredId(),
  residualLevelId: optionalId(),
  version,
});
/** A parsed rating. */
export type RatingInput = z.infer<typeof ratingSchema>;

/** The whole evaluation form (`risk_evaluation[...]`); the computed figures are never read from it. */
export const evaluationSchema = ratingSchema.extend({
  hierarchyItemId: requiredId(),
  workUnitId: requiredId(),
  workstationId: optionalId(),
  dangerFamilyId: requiredId(),
  riskIds: idList(),
  dangerousSituation: requiredText(5000),
  organisationalMeasures: optionalText(5000),
  technicalMeasures: optionalText(5000),
  frequency: optionalText(120),
  exposureModalities: optionalText(5000),
  supervisorId: optionalId(),
});
/** A parsed evaluation. */
export type EvaluationInput = z.infer<typeof evaluationSchema>;
