import { inputProblem, MAX_INPUT_DEPTH, MAX_INPUT_VALUES } from './input-guard';

function depth(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { b: v };
  return v;
}

describe('inputProblem', () => {
  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(inputProblem(depth(MAX_INPUT_DEPTH - 1))).toBeNull();
    expect(inputProblem(depth(MAX_INPUT_DEPTH))).toBeNull();
    expect(inputProblem(depth(MAX_INPUT_DEPTH + 1))).toBe('depth');
  });

  it('counts every value, leaves and branches, against the limit', () => {
    const list = (n: number) => ({ a: Array.from({ length: n }, () => 'x') });
    // The top object and the array are two values of their own.
    expect(inputProblem(list(MAX_INPUT_VALUES - 3))).toBeNull();
    expect(inputProblem(list(MAX_INPUT_VALUES - 2))).toBeNull();
    expect(inputProblem(list(MAX_INPUT_VALUES - 1))).toBe('count');
  });

  it('finds a NUL byte in a text or in a key, at any depth', () => {
    expect(inputProblem({ a: ['ok', { b: 'x\u0000' }] })).toBe('nul');
    expect(inputProblem({ ['k\u0000']: 'v' })).toBe('nul');
    expect(inputProblem({ a: 'texte accentué é', n: 3, f: null })).toBeNull();
  });
});
