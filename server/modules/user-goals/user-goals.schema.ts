import { z } from 'zod';
import { integer, optionalInteger } from '../../kernel/http/fields';
import { GOAL_KINDS, QUARTERS, type GoalKind } from './user-goal.entity';

/** Largest value of a cell (goals are counts per quarter). */
export const MAX_GOAL = 1_000_000;
/** Years offered around the current one. */
export const YEAR_SPAN = 5;

/** Name of the grid field of a quarter and a kind: `t1_qhp`... */
export const cellName = (quarter: number, kind: GoalKind): string => `t${quarter}_${kind}`;

const cell = optionalInteger(0, MAX_GOAL, { error: 'goals.validation.integer', tooBig: 'goals.validation.too_large' });

const cells = Object.fromEntries(QUARTERS.flatMap((q) => GOAL_KINDS.map((k) => [cellName(q, k), cell]))) as Record<string, typeof cell>;

/** The goals form (`goals[...]`) of one user and one year: a blank cell is no goal. */
export function goalsSchema(currentYear: number) {
  return z.object({
    year: integer(currentYear - YEAR_SPAN, currentYear + YEAR_SPAN, { error: 'validation.choice', required: 'validation.choice' }),
    ...cells,
  });
}

/** The parsed form: the year and every cell (null = no goal). */
export type GoalsInput = { year: number } & Record<string, number | null>;
