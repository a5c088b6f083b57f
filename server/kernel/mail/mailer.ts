import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import { mailRecordDir } from './outbox';

/** A file joined to a mail. */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/** A mail to send. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  html: string;
  /** Plain-text part; derived from `html` when absent. */
  text?: string;
  attachments?: MailAttachment[];
  cc?: string | string[];
  replyTo?: string;
}

/** A mail as it left (kept in memory in development and tests). */
export interface SentMail {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  messageId: string;
}

/** Sender used when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Vigie <no-reply@vigie.local>';

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

type Convert = (html: string) => string;
let convertHtml: Convert | undefined;

/**
 * The plain-text part of a mail body (html-to-text, loaded on the first mail): table cells stay
 * apart (« Action à mener   Fournir des gants », not glued), links keep their address in
 * brackets, headings keep their case, images are left out.
 */
export function htmlToText(html: string): string {
  if (!convertHtml) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: most requests send no mail.
    const { compile } = require('html-to-text') as typeof import('html-to-text');
    convertHtml = compile({
      wordwrap: false,
      selectors: [
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
        { selector: 'img', format: 'skip' },
        { selector: 'ul', format: 'block' },
        { selector: 'li', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
        { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
        ...['h1', 'h2', 'h3', 'h4'].map((selector) => ({ selector, options: { uppercase: false } })),
      ],
    });
  }
  return convertHtml(html).replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Sends mail through nodemailer. When `recording`, every message is also kept in memory so
 * tests can read what a user would have received.
 */
export class Mailer {
  private readonly outbox: SentMail[] = [];

  /**
   * @param makeTransport builds the transport at the first mail.
   * @param recordDir when set (never in production), each mail is also written there as a JSON
   *   file, so a test driving the server from another process (e2e) reads what was sent.
   */
  constructor(private readonly makeTransport: () => Transporter, readonly from: string, private readonly recording: boolean, private readonly recordDir?: string) {}

  private transport?: Transporter;

  /** Sends one mail; resolves once the transport accepted it. */
  async send(message: MailMessage): Promise<SentMail> {
    const text = message.text ?? htmlToText(message.html);
    const attachments = message.attachments ?? [];
    this.transport ??= this.makeTransport();
    const info = await this.transport.sendMail({
      from: this.from,
      to: list(message.to),
      cc: list(message.cc),
      replyTo: message.replyTo,
      subject: message.subject,
      html: message.html,
      text,
      attachments,
    });
    const sent: SentMail = {
      from: this.from,
      to: list(message.to),
      cc: list(message.cc),
      subject: message.subject,
      html: message.html,
      text,
      attachments,
      messageId: String(info.messageId ?? ''),
    };
    if (this.recording) this.outbox.push(sent);
    if (this.recordDir) {
      fs.mkdirSync(this.recordDir, { recursive: true });
      const file = path.join(this.recordDir, `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`);
      fs.writeFileSync(file, JSON.stringify({ ...sent, attachments: sent.attachments.map((a) => a.filename) }));
    }
    return sent;
  }

  /** Mails sent so far (recording mailers only). */
  sent(): SentMail[] {
    return [...this.outbox];
  }

  /** Forgets the recorded mails. */
  clear(): void {
    this.outbox.length = 0;
  }
}

// nodemailer (~40 modules, ~12 MB) is loaded with the first mail, not at start: most processes send none for a while.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodemailer = (): typeof import('nodemailer') => require('nodemailer') as typeof import('nodemailer');

/**
 * The mailer of this environment: SMTP from `SMTP_URL` in production (required there), else a
 * JSON transport that sends nothing and records every message (in memory, and as files in
 * {@link mailRecordDir}: `var/mail` in development, read by the outbox screen).
 */
export function createMailer(config: Pick<AppConfig, 'env'>, env: NodeJS.ProcessEnv = process.env): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (config.env === 'production') {
    if (!env.SMTP_URL) throw new Error('SMTP_URL est obligatoire en production.');
    const url = env.SMTP_URL;
    return new Mailer(() => nodemailer().createTransport(url), from, false);
  }
  return new Mailer(() => nodemailer().createTransport({ jsonTransport: true }), from, true, mailRecordDir(config, env) ?? undefined);
}
