import type { NextFunction, Request, Response } from 'express';
import { HttpError } from './errors';

/**
 * Deepest nesting a submitted value may have. The deepest real form is the questionnaire's
 * `answers[question][choices][]` (3); the body parsers and this guard share the bound.
 */
export const MAX_INPUT_DEPTH = 8;

/** Most values (leaves and branches) one request may carry; the rights matrix posts ~2,000. */
export const MAX_INPUT_VALUES = 20_000;

/** What makes a submitted value unacceptable, or null when it is fine. */
export type InputProblem = 'nul' | 'depth' | 'count' | null;

/**
 * Walks parsed input (body, query, route params) without recursion and tells what is wrong:
 * a NUL byte in a key or a text (PostgreSQL refuses it in UTF-8 text), nesting beyond
 * {@link MAX_INPUT_DEPTH}, or more than {@link MAX_INPUT_VALUES} values.
 */
export function inputProblem(input: unknown): InputProblem {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  let seen = 0;
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (++seen > MAX_INPUT_VALUES) return 'count';
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
      continue;
    }
    if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/** The 400 a hostile input gets: a French message, nothing stored, never a 500. */
export function hostileInputError(problem: Exclude<InputProblem, null>): HttpError {
  return new HttpError(400, problem === 'nul' ? 'errors.input_nul' : 'errors.input_shape');
}

/** Throws the 400 of {@link hostileInputError} when one of the values is unacceptable. */
export function assertSafeInput(...values: unknown[]): void {
  for (const value of values) {
    const problem = inputProblem(value);
    if (problem) throw hostileInputError(problem);
  }
}

/** Express middleware: refuses a request whose query or parsed body is unacceptable. */
export function rejectHostileInput(req: Request, _res: Response, next: NextFunction): void {
  try {
    assertSafeInput(req.query, req.body);
    next();
  } catch (err) {
    next(err);
  }
}
