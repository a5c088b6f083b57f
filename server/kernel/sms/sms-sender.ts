import type twilio from 'twilio';
import type { AppConfig } from '../config';

/** Characters in one SMS (spec). */
export const SMS_LENGTH = 160;

/** Number of SMS a body costs: its length divided by 160, rounded up; 0 when empty. */
export function smsCount(body: string): number {
  return Math.ceil(body.length / SMS_LENGTH);
}

/** Sends text messages. */
export interface SmsSender {
  /** Sends `body` to `to` (E.164, `+33...`); resolves with the SMS count it cost. */
  send(to: string, body: string): Promise<{ count: number }>;
}

/** A message kept by {@link RecordingSmsSender}. */
export interface RecordedSms {
  to: string;
  body: string;
  count: number;
}

/** Development and tests: sends nothing, keeps every message (and prints it in development). */
export class RecordingSmsSender implements SmsSender {
  private readonly outbox: RecordedSms[] = [];

  constructor(private readonly log: boolean = false) {}

  async send(to: string, body: string): Promise<{ count: number }> {
    const count = smsCount(body);
    this.outbox.push({ to, body, count });
    if (this.log) console.info(`[sms] à ${to} (${count} SMS) : ${body}`);
    return { count };
  }

  /** Messages sent so far. */
  sent(): RecordedSms[] {
    return [...this.outbox];
  }

  /** Forgets the recorded messages. */
  clear(): void {
    this.outbox.length = 0;
  }
}

/** Options of {@link TwilioSmsSender}. */
export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** A twilio `RequestClient`-compatible object (`request(opts)`); tests pass a fake. */
  httpClient?: unknown;
}

/** Production: sends through Twilio's REST API. */
export class TwilioSmsSender implements SmsSender {
  private client: ReturnType<typeof twilio> | null = null;

  constructor(private readonly opts: TwilioOptions) {}

  async send(to: string, body: string): Promise<{ count: number }> {
    // Twilio's library weighs 22 MB of memory: loaded with the first SMS, not at start.
    if (!this.client) {
      const { default: connect } = await import('twilio');
      this.client = connect(this.opts.accountSid, this.opts.authToken, this.opts.httpClient ? { httpClient: this.opts.httpClient as never } : {});
    }
    await this.client.messages.create({ to, from: this.opts.from, body });
    return { count: smsCount(body) };
  }
}

/**
 * The SMS sender of this environment: Twilio in production (`TWILIO_ACCOUNT_SID`,
 * `TWILIO_AUTH_TOKEN`, `TWILIO_FROM` required), a recording sender elsewhere.
 */
export function createSmsSender(config: Pick<AppConfig, 'env'>, env: NodeJS.ProcessEnv = process.env): SmsSender {
  if (config.env !== 'production') return new RecordingSmsSender(config.env === 'development');
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  if (!accountSid || !authToken || !from) throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN et TWILIO_FROM sont obligatoires en production.');
  return new TwilioSmsSender({ accountSid, authToken, from });
}
