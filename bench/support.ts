/** Pieces shared by the benchmarks: a throw-away database and a logged-in session. */
import { Client } from 'pg';

/** Drops and recreates database `name` next to DATABASE_URL's; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  if (!process.env.DATABASE_URL) throw new Error(`DATABASE_URL est requis (base jetable : ${name} est recréée).`);
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Logs in through the form and returns the session cookie. `headers` go with both requests
 * (`x-forwarded-proto: https` for a production server, whose cookie is `secure`).
 */
export async function loginCookie(port: number, username: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const page = await fetch(`http://127.0.0.1:${port}/login`, { headers });
  const cookie0 = page.headers.get('set-cookie')!.split(';')[0];
  const token = /name="_csrf_token" value="([^"]+)"/.exec(await page.text())![1];
  const res = await fetch(`http://127.0.0.1:${port}/login`, {
    method: 'POST', redirect: 'manual', headers: { ...headers, cookie: cookie0, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: username, _password: password, _csrf_token: token }),
  });
  // Every cookie the login sets (the session, and the device cookie of the login throttle).
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!/vigie\.sid=/.test(cookie)) throw new Error(`connexion refusée (${res.status})`);
  return cookie;
}
