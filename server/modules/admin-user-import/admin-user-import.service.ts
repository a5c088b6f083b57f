import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { columnOf, defineCsvImport, shapeMessages, type RowOutcome } from '../../kernel/csv-import/csv-import';
import type { CsvImportMessage, CsvImportRow } from '../../kernel/csv-import/csv-import.entity';
import { translator } from '../../kernel/i18n/i18n';
import { userSchema, type UserInput } from '../admin-users/admin-users.schema';
import { saveUser } from '../admin-users/admin-users.service';
import { identityMailer } from '../identity/identity.channels';
import { createResetToken } from '../identity/password.service';

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

/** Builds the user form input of a row, or the messages that refuse it before any database check. */
function rowInput(cells: string[], knownRoles: Set<string>): { input?: Record<string, unknown>; messages: CsvImportMessage[] } {
  const messages = shapeMessages(IMPORT_COLUMNS, cells);
  if (cells.length === 0) return { messages };
  const cell = (i: number) => (cells[i] ?? '').trim();
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

/** Reads one row: creates the user or returns why not. */
async function importRow(ds: DataSource, actor: { id: number; tenantId: number; roles: string[] }, row: CsvImportRow, knownRoles: Set<string>): Promise<{ userId?: number; input?: UserInput; messages: CsvImportMessage[] }> {
  const { input, messages } = rowInput(row.cells, knownRoles);
  if (!input || messages.length) return { messages };
  const parsed = userSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      messages.push({ column: columnOf(IMPORT_COLUMNS, field), key: /^[\w.]+$/.test(issue.message) ? issue.message : 'validation.invalid', params: {} });
    }
    return { messages };
  }
  const result = await saveUser(ds, actor, null, parsed.data);
  if (result.ok) return { userId: result.id, input: parsed.data, messages };
  if ('errors' in result) {
    for (const [field, err] of Object.entries(result.errors)) {
      const key = typeof err === 'string' ? err : err.key;
      // "Already used by Jean Dupont." says which column by itself.
      const column = key.endsWith('_taken') ? null : columnOf(IMPORT_COLUMNS, field);
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

/** Who runs the rows: the importer, with the roles read when the job starts. */
interface UserImportContext {
  actor: { id: number; tenantId: number; roles: string[] };
  knownRoles: Set<string>;
}

/**
 * The user import (spec §2 "user import"): each row through `saveUser` of admin-users, same rules
 * as the form; a created user may get a mail to choose a password.
 */
export const userImporter = defineCsvImport<UserImportContext>({
  kind: 'user',
  job: USER_IMPORT_JOB,
  columns: IMPORT_COLUMNS,
  prepare: async (ds, imp) => {
    // The importer's roles and the roles to give are the company's (roles belong to a company).
    const roles: Array<{ code: string }> = imp.createdBy
      ? await ds.query('SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.tenant_id = $2', [imp.createdBy, imp.tenantId]) : [];
    return {
      actor: { id: imp.createdBy ?? 0, tenantId: imp.tenantId, roles: roles.map((r) => r.code) },
      knownRoles: new Set<string>((await ds.query('SELECT code FROM role WHERE tenant_id = $1', [imp.tenantId])).map((r: { code: string }) => r.code)),
    };
  },
  importRow: async (ds, ctx, row, imp): Promise<RowOutcome> => {
    const { userId, input, messages } = await importRow(ds, ctx.actor, row, ctx.knownRoles);
    if (!userId || !input) return { created: false, messages };
    if (imp.sendMail) {
      try {
        await sendWelcome(ds, input, imp.linkTemplate);
      } catch (err) {
        console.error('[user-import] mail', err);
        messages.push({ column: null, key: 'user_import.errors.mail_failed', params: {} });
      }
    }
    return { created: true, messages };
  },
});
