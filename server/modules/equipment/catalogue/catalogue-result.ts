import type { FieldError } from '../../../kernel/http/forms';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Outcome of a removal: removed, unknown in this company, or refused with what uses the record (translation keys). */
export type RemoveResult = { status: 'removed' } | { status: 'not_found' } | { status: 'in_use'; uses: string[] };

/** Whether `id` is a database id (1 to 2 147 483 647). */
export const validId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
