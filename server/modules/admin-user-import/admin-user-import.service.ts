import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { clock } from '../../kernel/clock';
import { enqueue, registerJobHandler } from '../../kernel/jobs';
import { translator } from '../../kernel/i18n/i18n';
import { userSchema, type UserInput } from '../admin-users/admin-users.schema';
import { saveUser } from '../admin-users/admin-users.service';
import { identityMailer } from '../identity/identity.channels';
import { createResetToken } from '../identity/password.service';
import { decodeUtf8, parseCsv } from './csv';
import { UserImport, type UserImportMessage, type UserImportRow, type UserImportRowError } from './user-import.entity';

/** Name of the background job that reads an import. */
export const USER_IMPORT_JOB = 'user-import';

/** The fixed columns of the file, in order, with the user field each one fills (starred = required). */
export const IMPORT_COLUMNS = [
  { name: 'identifiant', field: 'username', required: true },
  { name: 'email', field: 'email', required: true },
  { name: 'nom', field: 'lastName', required: true },
  { name: 'prénom', field: 'firstName', required: true },
  { name: 'civilité', field: 'civility', required: false },
  { name: 'téléphone', field: 'phone', required: false },
  { name: 'portable', field: 'mobile', required: false },
  { name: 'langue', field: 'locale', required: false },
  { name: 'rôles', field: 'roles', required: false },
] as const;

const CIVILITIES: Record<string, string> = { 'm.': 'mr', m: 'mr', mr: 'mr', mme: 'mrs', mrs: 'mrs', mlle: 'ms', ms: 'ms' };

/** Who asked for an import. */
export interface ImportActor {
  id: number;
  tenantId: number;
}

/** Outcome of {@link startImport}: the import id, or the reason nothing was imported (translation key). */
export type StartImportResult = { ok: true; id: number } | { ok: false; error: string };

/**
 * Checks the file (strict UTF-8, at least one data row after the ignored first line), then
 * stores its rows and enqueues the job in the same transaction.
 */
export async function startImport(db: DataSource, actor: ImportActor, file: { name: string; content: Buffer }, opts: { sendMail: boolean; linkTemplate: string }): Promise<StartImportResult> {
  const text = decodeUtf8(file.content);
  if (text === null) return { ok: false, error: 'user_import.errors.encoding' };
  const rows: UserImportRow[] = parseCsv(text).slice(1).map((r) => ({ line: r.line, cells: r.unterminated ? [] : r.cells }));
  if (!rows.length) return { ok: false, error: 'user_import.errors.empty' };
  const id = await db.transaction(async (m) => {
    const saved = await m.save(UserImport, m.create(UserImport, {
      tenantId: actor.tenantId, createdBy: actor.id, fileName: file.name.slice(0, 255), status: 'pending', total: rows.length,
      done: 0, createdCount: 0, errors: [], rows, sendMail: opts.sendMail, linkTemplate: opts.linkTemplate.slice(0, 500),
    }));
    await enqueue(m, USER_IMPORT_JOB, { importId: saved.id }, { tenantId: actor.tenantId, maxAttempts: 3 });
    return saved.id;
  });
  return { ok: true, id };
}

/** An import of the company, or null (unknown or another company's). */
export async function findImport(db: DataSource, tenantId: number, id: number): Promise<UserImport | null> {
  return db.getRepository(UserImport).findOne({ where: { id, tenantId }, select: { id: true, tenantId: true, createdBy: true, fileName: true, status: true, total: true, done: true, createdCount: true, errors: true, sendMail: true, createdAt: true, finishedAt: true } });
}

/** The last imports of the company, newest first. */
export async function recentImports(db: DataSource, tenantId: number, limit = 10): Promise<Array<Pick<UserImport, 'id' | 'fileName' | 'status' | 'total' | 'createdCount' | 'createdAt'> & { errorCount: number }>> {
  const rows = await db.query(
    `SELECT id, file_name, status, total, created_count, created_at, jsonb_array_length(errors) AS error_count
       FROM user_import WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${Number(limit)}`,
    [tenantId],
  );
  return rows.map((r: Record<string, any>) => ({
    id: r.id, fileName: r.file_name, status: r.status, total: r.total, createdCount: r.created_count, createdAt: r.created_at, errorCount: r.error_count,
  }));
}

/** Progress of an import for the report page and its JSON twin. */
export function progressOf(imp: Pick<UserImport, 'status' | 'total' | 'done' | 'createdCount' | 'errors'>): { status: string; total: number; done: number; created: number; errors: number; percent: number } {
  const percent = imp.total ? Math.floor((imp.done * 100) / imp.total) : 100;
  return { status: imp.status, total: imp.total, done: imp.done, created: imp.createdCount, errors: imp.errors.length, percent };
}

/** Builds the user form input of a row, or the messages that refuse it before any database check. */
function rowInput(cells: string[], knownRoles: Set<string>): { input?: Record<string, unknown>; messages: UserImportMessage[] } {
  const messages: UserImportMessage[] = [];
  if (cells.length === 0) return { messages: [{ column: null, key: 'user_import.errors.unterminated', params: {} }] };
  if (cells.length > IMPORT_COLUMNS.length) messages.push({ column: null, key: 'user_import.errors.too_many_columns', params: { count: cells.length, max: IMPORT_COLUMNS.length } });
  const cell = (i: number) => (cells[i] ?? '').trim();
  for (const [i, col] of IMPORT_COLUMNS.entries()) {
    if (col.required && !cell(i)) messages.push({ column: col.name, key: 'validation.required', params: {} });
  }
  const civilityRaw = cell(4);
  const civility = civilityRaw ? CIVILITIES[civilityRaw.toLowerCase()] : '';
  if (civility === undefined) messages.push({ column: 'civilité', key: 'user_import.errors.civility', params: { value: civilityRaw } });
  const roles = cell(8) ? [...new Set(cell(8).split('|').map((r) => r.trim()).filter(Boolean))] : ['user'];
  const unknown = roles.filter((r) => !knownRoles.has(r));
  if (unknown.length) messages.push({ column: 'rôles', key: 'user_import.errors.unknown_role', params: { roles: unknown.join(', ') } });
  const input = {
    username: cell(0), email: cell(1), lastName: cell(2), firstName: cell(3), civility: civility ?? '', phone: cell(5), mobile: cell(6),
    locale: (cell(7) || 'fr').toLowerCase(), roles, supervisorId: null, enabled: true, actionProcessedMail: true, vgpProcessedMail: false,
    // Nobody knows this password: the user chooses theirs through the link (or « mot de passe oublié »).
    plainPassword: randomBytes(24).toString('base64url'), plainPasswordConfirm: '', version: 0,
  };
  return { input, messages };
}

const columnOf = (field: string): string | null => IMPORT_COLUMNS.find((c) => c.field === field)?.name ?? null;

/** Reads one row: creates the user or returns why not. */
async function importRow(ds: DataSource, actor: { id: number; tenantId: number; roles: string[] }, row: UserImportRow, knownRoles: Set<string>): Promise<{ userId?: number; input?: UserInput; messages: UserImportMessage[] }> {
  const { input, messages } = rowInput(row.cells, knownRoles);
  if (!input || messages.length) return { messages };
  const parsed = userSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      messages.push({ column: columnOf(field), key: /^[\w.]+$/.test(issue.message) ? issue.message : 'validation.invalid', params: {} });
    }
    return { messages };
  }
  const result = await saveUser(ds, actor, null, parsed.data);
  if (result.ok) return { userId: result.id, input: parsed.data, messages };
  if ('errors' in result) {
    for (const [field, err] of Object.entries(result.errors)) {
      const key = typeof err === 'string' ? err : err.key;
      // "Already used by Jean Dupont." says which column by itself.
      const column = /_taken$/.test(key) ? null : columnOf(field);
      messages.push({ column, key, params: typeof err === 'string' ? {} : err.params });
    }
  }
  return { messages };
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Mails the new user a link to choose a password (the identity module's reset link, valid one hour). */
async function sendWelcome(ds: DataSource, input: UserInput, linkTemplate: string): Promise<void> {
  const request = await createResetToken(ds, input.username);
  if (!request || !linkTemplate) return;
  const t = translator(request.locale);
  const link = linkTemplate.replace('{token}', request.token);
  await identityMailer().send({
    to: request.email,
    subject: t('user_import.mail.subject'),
    html: `<p>${escapeHtml(t('user_import.mail.hello', { name: request.name }))}</p>`
      + `<p>${escapeHtml(t('user_import.mail.body', { username: input.username }))}</p>`
      + `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      + `<p>${escapeHtml(t('user_import.mail.expiry'))}</p>`,
  });
}

/**
 * The job: reads the rows from where it stopped, one user per transaction (a bad row never
 * undoes the others), saving the progress after each row so the report page can follow it.
 */
export async function runImport(ds: DataSource, importId: number): Promise<void> {
  const imp = await ds.getRepository(UserImport).findOne({ where: { id: importId } });
  if (!imp || imp.status === 'done') return;
  await ds.query(`UPDATE user_import SET status = 'running' WHERE id = $1`, [importId]);
  const roles: Array<{ code: string }> = imp.createdBy ? await ds.query('SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1', [imp.createdBy]) : [];
  const actor = { id: imp.createdBy ?? 0, tenantId: imp.tenantId, roles: roles.map((r) => r.code) };
  const knownRoles = new Set<string>((await ds.query('SELECT code FROM role')).map((r: { code: string }) => r.code));
  const errors: UserImportRowError[] = [...imp.errors];
  let created = imp.createdCount;
  for (let i = imp.done; i < imp.rows.length; i++) {
    const row = imp.rows[i];
    let outcome: Awaited<ReturnType<typeof importRow>>;
    try {
      outcome = await importRow(ds, actor, row, knownRoles);
    } catch (err) {
      // One broken row (a race on a unique e-mail...) must not stop the others.
      console.error('[user-import] row', row.line, err);
      outcome = { messages: [{ column: null, key: 'user_import.errors.row_failed', params: {} }] };
    }
    const { userId, input, messages } = outcome;
    if (userId && input) {
      created++;
      if (imp.sendMail) {
        try {
          await sendWelcome(ds, input, imp.linkTemplate);
        } catch (err) {
          console.error('[user-import] mail', err);
          messages.push({ column: null, key: 'user_import.errors.mail_failed', params: {} });
        }
      }
    }
    if (messages.length) errors.push({ line: row.line, username: (row.cells[0] ?? '').trim().slice(0, 180), messages });
    await ds.query('UPDATE user_import SET done = $2, created_count = $3, errors = $4::jsonb WHERE id = $1', [importId, i + 1, created, JSON.stringify(errors)]);
  }
  await ds.query(`UPDATE user_import SET status = 'done', rows = '[]'::jsonb, finished_at = $2 WHERE id = $1`, [importId, clock.now()]);
}

/** Marks an import failed when its job gives up (the report page then stops waiting). */
export async function failImport(ds: DataSource, importId: number): Promise<void> {
  await ds.query(`UPDATE user_import SET status = 'failed', rows = '[]'::jsonb, finished_at = $2 WHERE id = $1 AND status <> 'done'`, [importId, clock.now()]);
}

registerJobHandler<{ importId: number }>(USER_IMPORT_JOB, async (payload, ctx) => {
  try {
    await runImport(ctx.dataSource, Number(payload.importId));
  } catch (err) {
    if (ctx.job.attempts >= ctx.job.maxAttempts) await failImport(ctx.dataSource, Number(payload.importId));
    throw err;
  }
});
