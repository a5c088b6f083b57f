import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { itemInScope, type DuScope } from './du-scope';

/**
 * Who does what with a risk evaluation (seed 002 §6, « Document unique : ajouter, modifier
 * entièrement, modifier la cotation du risque, supprimer, voir, voir hors périmètre »), one line per
 * ability. Every ability on a record needs the record within the user's scope (du-scope.ts).
 */
export interface EvaluationAbilities {
  view: boolean;
  /** Every field. */
  editFully: boolean;
  /** Only the rating fields (gravity, probability, control, residual risk). */
  editRating: boolean;
  archive: boolean;
  delete: boolean;
}

/** What the user may do with an evaluation of entity `itemId`. */
export function evaluationAbilities(user: AuthUser, scope: DuScope, itemId: number): EvaluationAbilities {
  const visible = can(user, 'unique_document.view') && itemInScope(scope, itemId);
  const editFully = visible && can(user, 'unique_document.edit');
  return {
    view: visible,
    editFully,
    editRating: editFully || (visible && can(user, 'unique_document.edit_rating')),
    archive: editFully,
    delete: visible && can(user, 'unique_document.delete'),
  };
}

/** May the user add evaluations (to an entity of their scope)? */
export const mayAddEvaluation = (user: AuthUser): boolean => can(user, 'unique_document.add');
