import { Client } from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../../server/kernel/db/embedded';

/**
 * The embedded database serves every connection from one backend. A second connection (a test
 * seeding data, psql, the CLI) next to the app's must get its own answers, even when both send
 * parameterised queries (Parse/Bind/Execute/Sync batches) at the same moment.
 */
describe('embedded database: several connections at once', () => {
  let db: EmbeddedDatabase;
  const clients: Client[] = [];
  beforeAll(async () => { db = await startEmbeddedDatabase(); });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    await db.stop();
  });

  async function connect(): Promise<Client> {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    clients.push(c);
    return c;
  }

  it('keeps each connection\'s parameterised queries whole and its answers its own', async () => {
    const [a, b, c] = [await connect(), await connect(), await connect()];
    // Three statements with 2, 3 and 4 parameters, the first carrying 300 kB (a file's worth: its
    // Bind reaches the socket in several chunks, and the others' queries arrive in between).
    // One connection's Bind on another's unnamed statement fails ("bind message supplies 2
    // parameters, but prepared statement requires 3").
    const big = 'x'.repeat(300_000);
    const run = (client: Client, tag: string, extra: number) => Array.from({ length: 60 }, (_, i) =>
      client.query(`SELECT $1::text AS tag, $2::int AS i${Array.from({ length: extra }, (_, k) => `, $${k + 3}::int AS x${k}`).join('')}`,
        [extra ? tag : tag + big, i, ...Array.from({ length: extra }, () => i)]).then((r) => ({ ...r.rows[0], tag: r.rows[0].tag.slice(0, 1) })));
    const results = await Promise.all([...run(a, 'a', 0), ...run(b, 'b', 1), ...run(c, 'c', 2)]);
    expect(results).toHaveLength(180);
    expect(results.filter((r) => r.tag === 'a').map((r) => r.i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(results.filter((r) => r.tag === 'c').every((r) => r.x0 === r.i && r.x1 === r.i)).toBe(true);
  });

  it('lets a second connection work while the first holds a transaction, after its commit', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('CREATE TABLE note (id serial PRIMARY KEY, body text)');
    await a.query('BEGIN');
    await a.query('INSERT INTO note (body) VALUES ($1)', ['dans la transaction']);
    const read = b.query('SELECT count(*)::int AS n FROM note WHERE body = $1', ['dans la transaction']);
    await a.query('COMMIT');
    expect((await read).rows[0].n).toBe(1);
  });

  it('goes on serving the others after a query fails', async () => {
    const [a, b] = [await connect(), await connect()];
    await expect(a.query('SELECT $1::int / 0', [1])).rejects.toThrow('division by zero');
    expect((await b.query('SELECT $1::int + 1 AS n', [1])).rows[0].n).toBe(2);
    expect((await a.query('SELECT $1::text AS t', ['encore'])).rows[0].t).toBe('encore');
  });

  it('releases the others when a connection goes away in the middle of its transaction', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('BEGIN');
    await a.query('SELECT $1::int', [1]);
    await a.end();
    expect((await b.query('SELECT $1::int AS n', [7])).rows[0].n).toBe(7);
  });
});
