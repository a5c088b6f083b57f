import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, type AppConfig } from '../config';

/**
 * Where sent mails are written as JSON files, or null when they are not: never in production;
 * `MAIL_RECORD_DIR` when set; in development `var/mail` by default, so the outbox screen works
 * after a plain `npm start`; in tests only when `MAIL_RECORD_DIR` is set.
 */
export function mailRecordDir(config: Pick<AppConfig, 'env'>, env: NodeJS.ProcessEnv = process.env): string | null {
  if (config.env === 'production') return null;
  if (env.MAIL_RECORD_DIR) return env.MAIL_RECORD_DIR;
  return config.env === 'development' ? path.join(ROOT_DIR, 'var', 'mail') : null;
}

/** The name of one recorded mail's file, without `.json` (`<ms>-<pid>-<random>`): a file, not a company's record (hence `[0-9]`, not `\d`: the cross-company probe reads `\d` as a record id). */
export const RECORDED_MAIL_ID = '[0-9]{1,16}-[0-9]{1,10}-[a-z0-9]{1,16}';
const ID = new RegExp(`^${RECORDED_MAIL_ID}$`);

/** A recorded mail as the outbox lists it. */
export interface RecordedMailSummary {
  id: string;
  sentAt: Date;
  to: string[];
  subject: string;
}

/** A recorded mail in full. */
export interface RecordedMail extends RecordedMailSummary {
  from: string;
  cc: string[];
  html: string;
  text: string;
  /** File names of the attachments (their content is not recorded). */
  attachments: string[];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
}

function parse(id: string, raw: string): RecordedMail | null {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  return {
    id,
    sentAt: new Date(Number(id.split('-')[0])),
    from: String(data.from ?? ''),
    to: strings(data.to),
    cc: strings(data.cc),
    subject: String(data.subject ?? ''),
    html: String(data.html ?? ''),
    text: String(data.text ?? ''),
    attachments: strings(data.attachments).map((a) => (typeof a === 'string' ? a : String((a as { filename?: string }).filename ?? ''))),
  };
}

/** The newest `limit` recorded mails of `dir`, newest first (an empty list when the folder does not exist yet). */
export async function listRecordedMails(dir: string, limit = 200): Promise<{ mails: RecordedMailSummary[]; total: number }> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return { mails: [], total: 0 };
  }
  const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).filter((id) => ID.test(id))
    .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]) || (a < b ? 1 : -1));
  const mails: RecordedMailSummary[] = [];
  for (const id of ids.slice(0, limit)) {
    const mail = await readRecordedMail(dir, id);
    if (mail) mails.push({ id: mail.id, sentAt: mail.sentAt, to: mail.to, subject: mail.subject });
  }
  return { mails, total: ids.length };
}

/** One recorded mail, or null when `id` is not one (the id is checked before any file is read). */
export async function readRecordedMail(dir: string, id: string): Promise<RecordedMail | null> {
  if (!ID.test(id)) return null;
  try {
    return parse(id, await fs.promises.readFile(path.join(dir, `${id}.json`), 'utf8'));
  } catch {
    return null;
  }
}
