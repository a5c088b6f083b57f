import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { softDelete } from '../../../kernel/trash/trash';
import { newEventDefinition } from '../../event/event-definition';
import { removeEvent, saveEvent, withDefaults } from '../../event/event.service';
import { employeeVisibility } from '../employee-access';
import type { WorkInterruptionType } from '../work-interruption.entity';
import type { WorkInterruptionForm } from './health.schema';
import { personName } from '../../../kernel/person-name';

/** Types that describe an accident: they show the accident date, severity, accident type and cause. */
export const ACCIDENT_KINDS: readonly WorkInterruptionType[] = ['WORK_ACCIDENT', 'COMMUTING_ACCIDENT'];
/** True when the type shows the accident fields. */
export const isAccidentKind = (type: string | null | undefined): boolean => ACCIDENT_KINDS.includes(type as WorkInterruptionType);

/** What {@link saveWorkInterruption} receives: the parsed form (dates `YYYY-MM-DD` or null). */
export type WorkInterruptionInput = WorkInterruptionForm;

/** A work accident or interruption as listed, shown and edited. */
export interface WorkInterruptionRow {
  id: number; employeeId: number; employeeName: string; serviceName: string | null; type: WorkInterruptionType;
  accidentDate: string | null; interruptionStartDate: string | null; interruptionEndDate: string | null;
  severity: string | null; substitutePosition: string | null; accidentTypeId: number | null; accidentTypeName: string | null;
  comment: string | null; cause: string | null;
  /** The accident analysis (event of kind `at`) while it is not in the trash. */
  eventId: number | null; eventSubject: string | null; eventStatus: string | null;
  /** Calendar days of interruption up to today (an open one runs to today); null without interruption. */
  days: number | null; version: number;
}

const SELECT = `SELECT w.id, w.employee_id, w.type, w.accident_date::text AS accident_date, w.interruption_start_date::text AS start_date,
    w.interruption_end_date::text AS end_date, w.severity, w.substitute_position, w.accident_type_id, a.name AS accident_type_name,
    w.comment, w.cause, ev.id AS event_id, ev.subject AS event_subject, ev.status AS event_status, w.version,
    e.first_name, e.last_name, s.name AS service_name,
    CASE WHEN w.interruption_start_date IS NULL THEN NULL
         ELSE (coalesce(w.interruption_end_date, greatest($TODAY::date, w.interruption_start_date)) - w.interruption_start_date + 1) END AS days
  FROM work_interruption w
  JOIN employee e ON e.id = w.employee_id
  LEFT JOIN service s ON s.id = e.service_id
  LEFT JOIN accident_type a ON a.id = w.accident_type_id
  LEFT JOIN event ev ON ev.id = w.event_id AND ev.deleted_at IS NULL`;

const toRow = (r: Record<string, any>): WorkInterruptionRow => ({
  id: r.id, employeeId: r.employee_id, employeeName: personName(r.first_name, r.last_name), serviceName: r.service_name, type: r.type,
  accidentDate: r.accident_date, interruptionStartDate: r.start_date, interruptionEndDate: r.end_date, severity: r.severity,
  substitutePosition: r.substitute_position, accidentTypeId: r.accident_type_id, accidentTypeName: r.accident_type_name,
  comment: r.comment, cause: r.cause, eventId: r.event_id, eventSubject: r.event_subject, eventStatus: r.event_status,
  days: r.days === null ? null : Number(r.days), version: r.version,
});

/** Filters of `rh_work_interruption_index`: type, period (on the accident date, else the start), employee. */
export interface InterruptionFilters { type: string; from: string | null; to: string | null; employee: number | null }

/**
 * The company's work accidents and interruptions of employees the user sees (not in the trash),
 * newest first. The period filter reads the accident date, else the interruption start.
 */
export async function listWorkInterruptions(db: Db, user: AuthUser, f: InterruptionFilters, page: PageRequest | null): Promise<{ rows: WorkInterruptionRow[]; total: number }> {
  const params: unknown[] = [user.tenantId, todayIso()];
  const vis = employeeVisibility(user, 'e', 3);
  params.push(...vis.params);
  const where = ['w.tenant_id = $1', 'w.deleted_at IS NULL', 'e.deleted_at IS NULL', vis.sql];
  const refDate = 'coalesce(w.accident_date, w.interruption_start_date)';
  if (f.type) { params.push(f.type); where.push(`w.type = $${params.length}`); }
  if (f.from) { params.push(f.from); where.push(`${refDate} >= $${params.length}::date`); }
  if (f.to) { params.push(f.to); where.push(`${refDate} <= $${params.length}::date`); }
  if (f.employee) { params.push(f.employee); where.push(`w.employee_id = $${params.length}`); }
  const sqlWhere = where.join(' AND ');
  // `$2` (today) is only read by the rows' day count; typed here so both queries share the parameters.
  const [{ n }] = await db.query(`SELECT count(*)::int AS n, $2::date AS today FROM work_interruption w JOIN employee e ON e.id = w.employee_id WHERE ${sqlWhere}`, params);
  const limit = page ? ` LIMIT ${page.perPage} OFFSET ${page.offset}` : '';
  const rows = await db.query(`${SELECT.replaceAll('$TODAY', '$2')} WHERE ${sqlWhere} ORDER BY ${refDate} DESC, w.id DESC${limit}`, params);
  return { rows: rows.map(toRow), total: n };
}

/** One record of the company whose employee the user sees (not in the trash), or null. */
export async function findWorkInterruption(db: Db, user: AuthUser, id: number): Promise<WorkInterruptionRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const vis = employeeVisibility(user, 'e', 4);
  const [r] = await db.query(`${SELECT.replaceAll('$TODAY', '$3')} WHERE w.id = $1 AND w.tenant_id = $2 AND w.deleted_at IS NULL AND e.deleted_at IS NULL AND ${vis.sql}`,
    [id, user.tenantId, todayIso(), ...vis.params]);
  return r ? toRow(r) : null;
}

/** Outcome of {@link saveWorkInterruption}. */
export type InterruptionSaveResult =
  | { ok: true; id: number }
  | { ok: false; errors: Record<string, FieldError> }
  | { ok: false; stale: true }
  | { ok: false; notFound: true };

/**
 * The field rules of a work accident or interruption, without touching the database: the
 * accident date is required for WORK_ACCIDENT, the interruption start for every other type
 * ('Veuillez renseigner ce champ.'); an end needs a start and comes after it; an accident is not
 * in the future.
 */
export function interruptionFieldErrors(input: WorkInterruptionInput, today: string = todayIso()): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (input.workInterruptionType === 'WORK_ACCIDENT') {
    if (!input.accidentDate) errors.accidentDate = 'validation.required';
  } else if (!input.interruptionStartDate) {
    errors.interruptionStartDate = 'validation.required';
  }
  if (input.interruptionEndDate && !input.interruptionStartDate) errors.interruptionStartDate = 'validation.required';
  if (input.interruptionEndDate && input.interruptionStartDate && input.interruptionEndDate < input.interruptionStartDate) errors.interruptionEndDate = 'hr-health.validation.end_before_start';
  if (isAccidentKind(input.workInterruptionType) && input.accidentDate && input.accidentDate > today) errors.accidentDate = 'hr-health.validation.future';
  return errors;
}

/**
 * Records a work accident or interruption (`id` null) or an edit, for the form of this module and
 * the calendar (issue 10): {@link interruptionFieldErrors}, the employee must be one the user
 * sees, the accident type the company's; the accident fields of a type without them are cleared;
 * a record with an accident analysis stays a WORK_ACCIDENT. Edits use the optimistic lock.
 */
export async function saveWorkInterruption(db: DataSource, user: AuthUser, id: number | null, input: WorkInterruptionInput): Promise<InterruptionSaveResult> {
  const tenantId = user.tenantId;
  const vis = employeeVisibility(user, 'e', 3);
  return db.transaction(async (m) => {
    let previous: { accident_type_id: number | null; event_id: number | null } | undefined;
    if (id !== null) {
      [previous] = await m.query(
        `SELECT w.accident_type_id, ev.id AS event_id FROM work_interruption w JOIN employee e ON e.id = w.employee_id
           LEFT JOIN event ev ON ev.id = w.event_id AND ev.deleted_at IS NULL
          WHERE w.id = $1 AND w.tenant_id = $2 AND w.deleted_at IS NULL AND ${vis.sql}`, [id, tenantId, ...vis.params]);
      if (!previous) return { ok: false, notFound: true };
    }
    const accident = isAccidentKind(input.workInterruptionType);
    const d = {
      ...input,
      accidentDate: accident ? input.accidentDate : null,
      severity: accident ? input.severity : null,
      accidentType: accident ? input.accidentType : null,
      cause: accident ? input.cause : '',
    };
    const errors = interruptionFieldErrors(d);
    const [employee] = await m.query(`SELECT 1 FROM employee e WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL AND ${vis.sql}`, [d.employee, tenantId, ...vis.params]);
    if (!employee) errors.employee = 'validation.choice';
    if (d.accidentType !== null && d.accidentType !== previous?.accident_type_id) {
      const [type] = await m.query('SELECT 1 FROM accident_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [d.accidentType, tenantId]);
      if (!type) errors.accidentType = 'validation.choice';
    }
    if (previous?.event_id && d.workInterruptionType !== 'WORK_ACCIDENT') errors.workInterruptionType = 'hr-health.validation.analysis_type';
    if (Object.keys(errors).length) return { ok: false, errors };
    const nul = (s: string) => (s === '' ? null : s);
    const cols: Array<[string, unknown]> = [
      ['employee_id', d.employee], ['type', d.workInterruptionType], ['accident_date', d.accidentDate], ['interruption_start_date', d.interruptionStartDate],
      ['interruption_end_date', d.interruptionEndDate], ['severity', d.severity], ['substitute_position', nul(d.substitutePosition)],
      ['accident_type_id', d.accidentType], ['comment', nul(d.comment)], ['cause', nul(d.cause)], ['updated_at', clock.now()],
    ];
    if (id === null) {
      const all: Array<[string, unknown]> = [...cols, ['tenant_id', tenantId], ['created_by_id', user.id]];
      const [r] = await m.query(`INSERT INTO work_interruption (${all.map(([c]) => c).join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, all.map(([, v]) => v));
      return { ok: true, id: r.id };
    }
    const n = cols.length;
    const updated = rowsOf(await m.query(
      `UPDATE work_interruption SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')}, version = version + 1
        WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} AND deleted_at IS NULL RETURNING id`,
      [...cols.map(([, v]) => v), id, tenantId, d.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Outcome of a removal. */
export type InterruptionRemoveResult = 'removed' | 'has_analysis' | 'not_found';

/** Moves a record to the trash, refused while it has an accident analysis (seed 002 deletion refusals). */
export async function removeWorkInterruption(db: DataSource, user: AuthUser, id: number): Promise<InterruptionRemoveResult> {
  const vis = employeeVisibility(user, 'e', 3);
  return db.transaction(async (m) => {
    const [r] = await m.query(
      `SELECT w.type, e.first_name, e.last_name, coalesce(w.accident_date, w.interruption_start_date)::text AS day,
              EXISTS (SELECT 1 FROM event ev WHERE ev.id = w.event_id AND ev.deleted_at IS NULL) AS analysed
         FROM work_interruption w JOIN employee e ON e.id = w.employee_id
        WHERE w.id = $1 AND w.tenant_id = $2 AND w.deleted_at IS NULL AND ${vis.sql} FOR UPDATE OF w`, [id, user.tenantId, ...vis.params]);
    if (!r) return 'not_found';
    if (r.analysed) return 'has_analysis';
    const title = `${r.first_name ?? ''} ${r.last_name} – ${r.day.slice(8, 10)}/${r.day.slice(5, 7)}/${r.day.slice(0, 4)}`.trim();
    return (await softDelete(m, { table: 'work_interruption', id, tenantId: user.tenantId, title, userId: user.id })) ? 'removed' : 'not_found';
  });
}

/** An accident analysis a work accident may be linked to. */
export interface AnalysisOption { id: number; subject: string; date: string | null }

/** The company's accident analyses (events of kind `at`, not in the trash) linked to no other record. */
export async function freeAnalyses(db: Db, tenantId: number): Promise<AnalysisOption[]> {
  const rows = await db.query(
    `SELECT ev.id, ev.subject, ev.event_date::text AS date FROM event ev
      WHERE ev.tenant_id = $1 AND ev.kind = 'at' AND ev.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM work_interruption w WHERE w.event_id = ev.id AND w.deleted_at IS NULL)
      ORDER BY ev.event_date DESC NULLS LAST, ev.id DESC LIMIT 200`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, subject: r.subject, date: r.date }));
}

/** Outcome of creating or linking an analysis. */
export type AnalysisResult = { ok: true; eventId: number } | { ok: false; reason: 'not_accident' | 'already' | 'choice' | 'stale' };

async function attach(db: DataSource, tenantId: number, row: WorkInterruptionRow, eventId: number): Promise<boolean> {
  const updated = rowsOf(await db.query(
    `UPDATE work_interruption w SET event_id = $1, version = version + 1, updated_at = $5
      WHERE w.id = $2 AND w.tenant_id = $3 AND w.version = $4 AND w.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM event ev WHERE ev.id = w.event_id AND ev.deleted_at IS NULL) RETURNING w.id`,
    [eventId, row.id, tenantId, row.version, clock.now()]));
  return updated.length > 0;
}

/**
 * Creates the accident analysis of a work accident through the event module: a draft event of kind
 * `at` by the user (subject given, date = the accident date) that he completes on the event page;
 * then links it. A work accident has at most one analysis.
 */
export async function createAnalysis(db: DataSource, user: AuthUser, row: WorkInterruptionRow, subject: string): Promise<AnalysisResult> {
  if (row.type !== 'WORK_ACCIDENT') return { ok: false, reason: 'not_accident' };
  if (row.eventId) return { ok: false, reason: 'already' };
  const definition = await newEventDefinition(db, user.tenantId, 'at', 0);
  if (!definition) return { ok: false, reason: 'choice' };
  const saved = await saveEvent(db, { tenantId: user.tenantId, user, id: null, definition, data: withDefaults({ subject: subject.slice(0, 255), date: row.accidentDate ?? '' }), draft: true });
  if (!saved.ok) return { ok: false, reason: 'choice' };
  if (await attach(db, user.tenantId, row, saved.id)) return { ok: true, eventId: saved.id };
  // Someone linked another analysis meanwhile: the draft just made would be an orphan.
  await removeEvent(db, user.tenantId, saved.id, user.id);
  return { ok: false, reason: 'stale' };
}

/** Links a work accident to an existing accident analysis of the company that no other record holds. */
export async function linkAnalysis(db: DataSource, user: AuthUser, row: WorkInterruptionRow, eventId: number): Promise<AnalysisResult> {
  if (row.type !== 'WORK_ACCIDENT') return { ok: false, reason: 'not_accident' };
  if (row.eventId) return { ok: false, reason: 'already' };
  if (!(await freeAnalyses(db, user.tenantId)).some((a) => a.id === eventId)) return { ok: false, reason: 'choice' };
  return (await attach(db, user.tenantId, row, eventId)) ? { ok: true, eventId } : { ok: false, reason: 'stale' };
}
