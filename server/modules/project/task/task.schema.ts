import { z } from 'zod';
import { parseFrenchDate } from '../../../kernel/i18n/format';
import { parseForm, type FormResult } from '../../../kernel/http/forms';
import { SCHEDULE_UNITS } from '../project-scheduled-task.entity';

const blankToNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : v);
const required = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v),
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess(blankToNull, z.coerce.number({ error: 'validation.choice' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(2_147_483_647, { error: 'validation.choice' }).nullable());
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true || last === 'true'; }, z.boolean());
const version = z.preprocess(blankToNull, z.coerce.number().int().min(0).nullable()).transform((v) => v ?? 0);

/** `DD/MM/YYYY` -> `YYYY-MM-DD`; blank -> null (the service decides whether it was required). */
const frenchDay = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v ?? null),
  z.string({ error: 'project-task.validation.date' }).trim()
    .refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'project-task.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable(),
);
/** `HH:mm` (or `H:mm`); blank -> null. */
const time = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v ?? null),
  z.string({ error: 'project-task.validation.time' }).trim()
    .refine((s) => /^([01]?\d|2[0-3]):[0-5]\d$/.test(s), { error: 'project-task.validation.time' })
    .transform((s) => s.padStart(5, '0')).nullable(),
);

/**
 * The task form (`project_task[...]`): label, start and end (day `DD/MM/YYYY` + time `HH:mm`),
 * hour estimation, progress, assignee (user id), parent task, description, initial planning,
 * milestone; `version` for the optimistic lock. Days come out as `YYYY-MM-DD`. Which dates are
 * required (a milestone needs only its day) is checked by `saveTask`.
 */
export const taskSchema = z.object({
  label: required(255),
  startDate: frenchDay,
  startTime: time,
  endDate: frenchDay,
  endTime: time,
  hourEstimation: z.preprocess((v) => (typeof v === 'string' ? blankToNull(v.trim().replace(',', '.')) : blankToNull(v)),
    z.coerce.number({ error: 'project-task.validation.hours' }).min(0, { error: 'project-task.validation.hours' }).max(99_999, { error: 'project-task.validation.hours' }).nullable()),
  progress: z.preprocess((v) => blankToNull(typeof v === 'string' ? v.trim() : v),
    z.coerce.number({ error: 'project-task.validation.progress' }).int({ error: 'project-task.validation.progress' }).min(0, { error: 'project-task.validation.progress' }).max(100, { error: 'project-task.validation.progress' }).nullable())
    .transform((v) => v ?? 0),
  assignee: optionalId,
  parent: optionalId,
  description: text(20_000),
  isInitialPlanning: checkbox,
  isMilestone: checkbox,
  version,
});
/** The parsed task form. */
export type TaskInput = z.infer<typeof taskSchema>;

/** Field name prefix of the task form. */
export const TASK_FORM = 'project_task';

/** Reads `project_task[...]` from a request body. */
export const parseTaskForm = (body: unknown, formName: string = TASK_FORM): FormResult<TaskInput> => parseForm(taskSchema, body, formName);

/** The done form (`project_task_done[...]`): the done comment. */
export const taskDoneSchema = z.object({
  doneComment: text(10_000),
  version,
});
/** The parsed done form. */
export type TaskDoneInput = z.infer<typeof taskDoneSchema>;

/**
 * The scheduled task form (`project_scheduled_task[...]`): label, description, assignee, hour
 * estimation, duration in days, every n day/week/month from the start day until an optional end day.
 */
export const scheduledTaskSchema = z.object({
  label: required(255),
  description: text(20_000),
  assignee: optionalId,
  hourEstimation: z.preprocess((v) => (typeof v === 'string' ? blankToNull(v.trim().replace(',', '.')) : blankToNull(v)),
    z.coerce.number({ error: 'project-task.validation.hours' }).min(0, { error: 'project-task.validation.hours' }).max(99_999, { error: 'project-task.validation.hours' }).nullable()),
  durationDays: z.preprocess(blankToNull, z.coerce.number({ error: 'project-task.validation.duration' }).int({ error: 'project-task.validation.duration' }).min(1, { error: 'project-task.validation.duration' }).max(365, { error: 'project-task.validation.duration' }).nullable()).transform((v) => v ?? 1),
  every: z.preprocess(blankToNull, z.coerce.number({ error: 'validation.required' }).int({ error: 'project-task.validation.every' }).min(1, { error: 'project-task.validation.every' }).max(365, { error: 'project-task.validation.every' })),
  unit: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.enum(SCHEDULE_UNITS, { error: 'validation.selection' })),
  startDate: frenchDay.refine((v) => v !== null, { error: 'validation.required' }),
  endDate: frenchDay,
  version,
});
/** The parsed scheduled task form. */
export type ScheduledTaskInput = z.infer<typeof scheduledTaskSchema>;
