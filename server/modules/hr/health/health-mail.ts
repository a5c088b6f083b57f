import { loadConfig } from '../../../kernel/config';
import { RouteTable } from '../../../kernel/http/route-table';
import { createMailer, type Mailer } from '../../../kernel/mail';

let mailer: Mailer | undefined;
let table: RouteTable | undefined;

/** The mailer of the health part (check-up alerts): recording in development and tests (`healthMailer().sent()`). */
export function healthMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/** Absolute URL of one of the health part's named routes, for mails (no request at hand). */
export async function healthAbsoluteUrl(name: string, params: Record<string, string | number> = {}): Promise<string> {
  if (!table) {
    const { healthPart } = await import('./health.part');
    const t = new RouteTable();
    t.add(healthPart.routes);
    table = t;
  }
  return `${loadConfig().baseUrl.replace(/\/$/, '')}${table.path(name, params)}`;
}
