/**
 * The database of this end-to-end run (made by the global setup on the DATABASE_URL server), for
 * specs that prepare records the browser would take many screens to make. Null on the embedded
 * database: its single backend is the server's own, so those specs skip there.
 */
export function e2eDatabaseUrl(): string | null {
  if (!process.env.DATABASE_URL) return null;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/vigie_e2e_${process.env.VIGIE_TEST_RUN}`;
  return url.toString();
}
