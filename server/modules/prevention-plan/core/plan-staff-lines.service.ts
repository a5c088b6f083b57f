import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { FieldError } from '../../../kernel/http/forms';
import { email, text } from '../../../kernel/http/fields';
import { recordHistory } from '../../../kernel/history/history.service';
import { createContact, listTiersContacts } from '../../crm/crm-lookup.service';
import { amendForStaffChange, staffChangeReason } from './plan-amendment.service';
import { PLAN_HISTORY_SUBJECT, type PlanCompanyRow } from './plan-company.service';
import type { PlanRef } from './plan-ref';
import { insertStaff, listPlanStaff } from './plan-staff.service';

/** Form name of the « several workers at once » form. */
export const STAFF_LINES_FORM = 'plan_staff_lines';

/** At most this many workers per save (one transaction, one amendment). */
export const MAX_STAFF_LINES = 50;

/** The fields of one line, in the order a pasted spreadsheet row gives them. */
export const STAFF_LINE_FIELDS = ['lastName', 'firstName', 'qualification', 'email', 'phone'] as const;
type LineField = (typeof STAFF_LINE_FIELDS)[number];

/** One typed line, every field as text. */
export type StaffLine = Record<LineField, string>;

const lineSchema = z.object({
  lastName: text(100),
  firstName: text(100),
  qualification: text(255),
  email: email(180),
  phone: text(30),
});

const cell = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? cell(v[v.length - 1]) : '').trim();
const isBlank = (l: StaffLine): boolean => STAFF_LINE_FIELDS.every((f) => l[f] === '');
const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
const personKey = (first: string | null | undefined, last: string): string => `${fold(first ?? '')}|${fold(last)}`;

/**
 * The typed lines of the form (`plan_staff_lines[lines][n][field]`: an array, or an object once
 * the body parser's index limit is passed), in order, blank lines left out.
 */
export function typedLines(raw: unknown): StaffLine[] {
  if (!raw || typeof raw !== 'object') return [];
  const entries = Array.isArray(raw) ? raw.map((v, i) => [i, v] as const) : Object.entries(raw).map(([k, v]) => [Number(k), v] as const);
  return entries
    .filter(([i, v]) => Number.isInteger(i) && v && typeof v === 'object')
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => Object.fromEntries(STAFF_LINE_FIELDS.map((f) => [f, cell((v as Record<string, unknown>)[f])])) as StaffLine)
    .filter((l) => !isBlank(l));
}

/**
 * Lines pasted from a spreadsheet: one worker a row, cells separated by tabs (a spreadsheet's
 * copy) or semicolons (a French CSV), in the order name, first name, qualification, e-mail, phone.
 */
export function pastedLines(textValue: string): StaffLine[] {
  return textValue.split(/\r?\n/)
    .map((row) => row.split(row.includes('\t') ? '\t' : ';').map((c) => c.trim()))
    .map((cells) => Object.fromEntries(STAFF_LINE_FIELDS.map((f, i) => [f, cells[i] ?? ''])) as StaffLine)
    .filter((l) => !isBlank(l));
}

/** Outcome of {@link addStaffLines}: how many were added, or the errors (of the form, or line by line). */
export type StaffLinesResult =
  | { ok: true; count: number }
  | { ok: false; formError?: FieldError; lineErrors: Array<Record<string, FieldError>> };

/**
 * The rules of the lines: one line at least, {@link MAX_STAFF_LINES} at most; on each, a name and a
 * qualification, a valid e-mail, lengths; a person once in the list and not already a worker of
 * the company. Errors by line index (empty objects for valid lines).
 */
export async function validateStaffLines(db: DataSource, plan: PlanRef, company: PlanCompanyRow, lines: StaffLine[]): Promise<StaffLinesResult | null> {
  if (lines.length === 0) return { ok: false, formError: 'plan-company.lines.none', lineErrors: [] };
  if (lines.length > MAX_STAFF_LINES) {
    return { ok: false, formError: { key: 'plan-company.lines.too_many', params: { max: MAX_STAFF_LINES, count: lines.length } }, lineErrors: lines.map(() => ({})) };
  }
  const already = new Set((await listPlanStaff(db, plan.tenantId, plan.id)).filter((s) => s.planCompanyId === company.id).map((s) => personKey(s.firstName, s.lastName)));
  const seen = new Set<string>();
  const lineErrors = lines.map((line) => {
    const errors: Record<string, FieldError> = {};
    const parsed = lineSchema.safeParse(line);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[field] ??= /^[\w.-]+$/.test(issue.message) ? issue.message : 'validation.invalid';
      }
    }
    if (!line.lastName) errors.lastName = 'plan-company.lines.last_name_required';
    if (!line.qualification) errors.qualification = 'plan-company.lines.qualification_required';
    const key = personKey(line.firstName, line.lastName);
    if (line.lastName && !errors.lastName) {
      if (already.has(key)) errors.lastName = 'plan-company.lines.already_staff';
      else if (seen.has(key)) errors.lastName = 'plan-company.lines.twice';
    }
    seen.add(key);
    return errors;
  });
  return lineErrors.some((e) => Object.keys(e).length) ? { ok: false, lineErrors } : null;
}

/**
 * Adds every line as a worker of the company, in one transaction. For a company from the CRM each
 * line is a contact of its CRM company (an existing one of the same name not yet on the plan is
 * taken, else one is created with the e-mail and phone); for the user company without CRM company
 * each line is an external worker. One history line per worker, one automatic amendment for all.
 */
export async function addStaffLines(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow, lines: StaffLine[]): Promise<StaffLinesResult> {
  const refused = await validateStaffLines(db, plan, company, lines);
  if (refused) return refused;
  const tiersId = company.tiersId;
  const contacts = tiersId != null ? await listTiersContacts(db, plan.tenantId, tiersId) : [];
  const byName = new Map(contacts.map((c) => [personKey(c.firstName, c.lastName), c]));
  await db.transaction(async (m) => {
    const names: string[] = [];
    for (const line of lines) {
      const name = `${line.firstName} ${line.lastName}`.trim();
      let contactId: number | null = null;
      let linkedUser: number | null = null;
      let transition = tiersId == null ? 'external_staff_add' : 'staff_create';
      if (tiersId != null) {
        const known = byName.get(personKey(line.firstName, line.lastName));
        if (known) {
          contactId = known.id;
          transition = 'staff_add';
          const [c]: Array<{ user_id: number | null }> = await m.query('SELECT user_id FROM contact WHERE id = $1 AND tenant_id = $2', [known.id, plan.tenantId]);
          linkedUser = c?.user_id ?? null;
        } else {
          contactId = await createContact(m, plan.tenantId, { tiersId, lastName: line.lastName, firstName: line.firstName, email: line.email || null, phone: line.phone || null });
        }
      }
      await insertStaff(m, plan, company, {
        contactId, userId: linkedUser, lastName: line.lastName, firstName: line.firstName || null, qualification: line.qualification, external: tiersId == null,
      });
      await recordHistory(m, {
        tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id,
        transition, comment: `${name} (${company.name})`, userId,
      });
      names.push(name);
    }
    await amendForStaffChange(m, { tenantId: plan.tenantId, planId: plan.id, user: { id: userId }, reason: staffChangeReason('add', `${names.join(', ')} (${company.name})`) });
  });
  return { ok: true, count: lines.length };
}
