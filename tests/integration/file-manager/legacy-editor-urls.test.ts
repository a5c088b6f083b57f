import { TrackStoredFiles1795723100000 } from '../../../migrations/1795723100000-TrackStoredFiles';
import { createTestApp, type TestApp } from '../../support/app';
import { insertTiers } from '../crm/crm-helpers';
import { member, storeFile } from './file-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Rich text of before the migration, in a table of this test only (the migration reads every text column).
  await t.db.dataSource.query('CREATE TABLE IF NOT EXISTS test_rich_text (id serial PRIMARY KEY, body text NOT NULL)');
});
afterAll(async () => {
  await t.db.dataSource.query('DROP TABLE IF EXISTS test_rich_text');
  await t.close();
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('rich text saved before the editor images had a key', () => {
  it('keeps showing its images under their new key, and never opens another file named there', async () => {
    const author = await member(t, []);
    const image = await storeFile(t, author.tenantId, 'schema.png');
    const logo = await storeFile(t, author.tenantId, 'logo.png');
    await t.db.dataSource.query('UPDATE tiers SET logo_file_id = $1 WHERE id = $2', [logo.id, await insertTiers(t, author.tenantId, 'Levage Martin')]);
    const contract = await storeFile(t, author.tenantId, 'contrat.pdf', PDF, 'application/pdf');
    const legacy = `<p><img src="/file-manager/${image.id}"> <img src="/file-manager/${logo.id}"> <a href="/file-manager/${contract.id}">contrat</a> /file-manager/${image.id}0</p>`;

    const migration = new TrackStoredFiles1795723100000();
    // One query runner per step: the embedded database has a single connection, which the app's requests need too.
    const run = async (step: 'up' | 'down') => {
      const qr = t.db.dataSource.createQueryRunner();
      try { await migration[step](qr); } finally { await qr.release(); }
    };
    const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
    await run('down');
    try {
      const [row] = await q('INSERT INTO test_rich_text (body) VALUES ($1) RETURNING id', [legacy]);
      await run('up');

      const [kinds] = await q(`SELECT (SELECT kind || ':' || length(access_key) FROM stored_file WHERE id = $1) AS image,
        (SELECT kind || ':' || coalesce(access_key, '-') FROM stored_file WHERE id = $2) AS logo,
        (SELECT kind || ':' || coalesce(access_key, '-') FROM stored_file WHERE id = $3) AS contract`, [image.id, logo.id, contract.id]);
      expect(kinds).toEqual({ image: 'editor_image:43', logo: 'attachment:-', contract: 'attachment:-' });
      const [{ access_key: key }] = await q('SELECT access_key FROM stored_file WHERE id = $1', [image.id]);
      const [{ body }] = await q('SELECT body FROM test_rich_text WHERE id = $1', [row.id]);
      expect(body).toBe(legacy.replace(`src="/file-manager/${image.id}"`, `src="/file-manager/${key}"`));
      const shown = await author.agent.get(`/file-manager/${key}`);
      expect([shown.status, shown.headers['content-type']]).toEqual([200, 'image/png']);
      for (const id of [image.id, logo.id, contract.id]) expect({ id, status: (await author.agent.get(`/file-manager/${id}`)).status }).toEqual({ id, status: 404 });

      await run('down');
      const [{ body: restored }] = await q('SELECT body FROM test_rich_text WHERE id = $1', [row.id]);
      expect(restored).toBe(legacy);
    } finally {
      const [{ n }] = await q(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'stored_file' AND column_name = 'access_key'`);
      if (!n) await run('up');
    }
  });
});
