import { z } from 'zod';
import { requiredText } from '../../kernel/http/fields';
import { NAMED_COLORS } from '../../kernel/palette';

const colorCodes = Object.keys(NAMED_COLORS) as [string, ...string[]];

/** The role form (`role[...]`): a label and one of the 21 named colours. */
export const roleSchema = z.object({
  label: requiredText(120),
  color: z.enum(colorCodes, { error: 'validation.choice' }),
});

/** The colour form of a system role (its label is the translated one and stays). */
export const systemRoleSchema = roleSchema.pick({ color: true });

export type RoleInput = z.infer<typeof roleSchema>;

/** Key of a role in the matrix post: `role_<id>`, never a bare number (qs would turn `rights[5]` into an array index). */
export function matrixKey(roleId: number): string {
  return `role_${roleId}`;
}

/**
 * Reads the matrix post: `roles[]` (the role ids shown as columns), the checkboxes
 * `rights[role_<id>][]` of each role, and `fingerprint` (the state the form was drawn from).
 */
export function parseMatrix(body: unknown): { roleIds: number[]; rights: Map<number, string[]>; fingerprint: string } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  // Past 20 items the query-string parser may hand a list over as an object keyed by index.
  const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v as object) : [v]);
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const roleIds = [...new Set(list(b.roles).map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0))];
  const boxes = obj(b.rights);
  const rights = new Map<number, string[]>();
  for (const id of roleIds) {
    const key = matrixKey(id);
    const names = list(boxes[key]);
    rights.set(id, names.filter((r): r is string => typeof r === 'string' && r !== ''));
  }
  return { roleIds, rights, fingerprint: typeof b.fingerprint === 'string' ? b.fingerprint : '' };
}
