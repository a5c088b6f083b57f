import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import {
  STALE_AFTER_S, dropStaleTestDatabases, newRunId, removeStaleRunFolders, runOfDatabase, staleRunFolder, staleRunId, staleTestDatabase,
} from '../../support/run-id';

// A run started at NOW_S (Unix seconds), and the clock at its age's boundaries (ms).
const NOW_S = 1_780_000_000;
const RUN = `${NOW_S}_0a1b2c3d`;
const at = (ageS: number) => (NOW_S + ageS) * 1000;

describe('test run ids', () => {
  it('are the creation second and 8 random hex digits, different from one run to the next', () => {
    const id = newRunId(NOW_S * 1000 + 999);
    expect(id).toMatch(/^1780000000_[0-9a-f]{8}$/);
    expect(newRunId(NOW_S * 1000)).not.toBe(newRunId(NOW_S * 1000));
  });

  it('are stale past STALE_AFTER_S only: not at the value, not one second before, from one second after', () => {
    expect(STALE_AFTER_S).toBe(6 * 3600);
    expect(staleRunId(RUN, at(0))).toBe(false);
    expect(staleRunId(RUN, at(STALE_AFTER_S - 1))).toBe(false);
    expect(staleRunId(RUN, at(STALE_AFTER_S))).toBe(false);
    expect(staleRunId(RUN, at(STALE_AFTER_S + 1))).toBe(true);
    expect(staleRunId(RUN, at(30 * 24 * 3600))).toBe(true);
    // A run dated in the future (another machine's clock ahead) is not stale.
    expect(staleRunId(RUN, at(-3600))).toBe(false);
  });

  it('are never stale in another form: a hand-set name, a process id, a short or upper-case id', () => {
    const late = at(STALE_AFTER_S + 3600);
    for (const id of ['ci', '12345', `${NOW_S}`, `${NOW_S}_0a1b2c3`, `${NOW_S}_0A1B2C3D`, `${NOW_S}_0a1b2c3d_1`, `178000000_0a1b2c3d`, `x${RUN}`]) {
      expect([id, staleRunId(id, late)]).toEqual([id, false]);
    }
  });
});

describe('test database names', () => {
  it('give their run id: the template, a per-file clone, the end-to-end database', () => {
    expect(runOfDatabase(`vigie_tpl_${RUN}`)).toBe(RUN);
    expect(runOfDatabase(`vigie_t_${RUN}_4242_7`)).toBe(RUN);
    expect(runOfDatabase(`vigie_e2e_${RUN}`)).toBe(RUN);
  });

  it('give none for other names: the former pid form, a hand-set run, a clone without its counter, other databases', () => {
    for (const name of ['test', 'postgres', 'vigie', 'vigie_t_4242_7', 'vigie_tpl_ci', `vigie_t_${RUN}_4242`, `vigie_t_${RUN}_4242_7_1`,
      `vigie_x_${RUN}`, `vigie_tpl_${RUN}_x`, `myvigie_tpl_${RUN}`, `VIGIE_TPL_${RUN}`]) {
      expect([name, runOfDatabase(name)]).toEqual([name, null]);
    }
  });

  it('are stale by their run id age alone, the clone as its run', () => {
    for (const name of [`vigie_tpl_${RUN}`, `vigie_t_${RUN}_4242_7`, `vigie_e2e_${RUN}`]) {
      expect([name, staleTestDatabase(name, at(STALE_AFTER_S)), staleTestDatabase(name, at(STALE_AFTER_S + 1))]).toEqual([name, false, true]);
    }
    expect(staleTestDatabase('vigie_t_4242_7', at(365 * 24 * 3600))).toBe(false);
  });
});

describe('dropping stale test databases', () => {
  it('drops only the databases of runs older than STALE_AFTER_S and goes on when one cannot be dropped', async () => {
    const young = `${NOW_S + 10}_ffffffff`;
    const names = [`vigie_tpl_${RUN}`, `vigie_t_${RUN}_1_1`, `vigie_e2e_${RUN}`, `vigie_tpl_${young}`, `vigie_t_${young}_1_1`, 'vigie_t_4242_7', 'vigie_tpl_ci'];
    const statements: string[] = [];
    // The server's answers, without a server: the list of databases, then each DROP (the clone's fails, as when another run drops it first).
    const admin = {
      async query(sql: string) {
        statements.push(sql);
        if (sql.startsWith('SELECT')) return { rows: names.map((datname) => ({ datname })) };
        if (sql.includes(`vigie_t_${RUN}_1_1`)) throw new Error('database is being accessed by other users');
        return { rows: [] };
      },
    } as unknown as Client;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const dropped = await dropStaleTestDatabases(admin, at(STALE_AFTER_S + 10));
      expect(dropped).toEqual([`vigie_tpl_${RUN}`, `vigie_e2e_${RUN}`]);
      expect(statements.filter((s) => s.startsWith('DROP'))).toEqual([`vigie_tpl_${RUN}`, `vigie_t_${RUN}_1_1`, `vigie_e2e_${RUN}`].map((n) => `DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`));
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
    // At the boundary itself nothing goes.
    statements.length = 0;
    expect(await dropStaleTestDatabases(admin, at(STALE_AFTER_S))).toEqual([]);
    expect(statements.filter((s) => s.startsWith('DROP'))).toEqual([]);
  });
});

describe('stale run folders', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-run-id-')); });
  afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  it('are the embedded and end-to-end folders of runs older than STALE_AFTER_S, and only those are removed', () => {
    const young = `${NOW_S + 10}_ffffffff`;
    const names = [`test-pglite-${RUN}`, `e2e-${RUN}`, `test-pglite-${young}`, `e2e-${young}`, 'storage', 'test-pglite-4242', `pglite-${RUN}`, `e2e-${RUN}-x`];
    for (const n of names) fs.mkdirSync(path.join(dir, n, 'inner'), { recursive: true });
    expect(names.filter((n) => staleRunFolder(n, at(STALE_AFTER_S + 1)))).toEqual([`test-pglite-${RUN}`, `e2e-${RUN}`]);
    expect(names.filter((n) => staleRunFolder(n, at(STALE_AFTER_S)))).toEqual([]);

    expect(removeStaleRunFolders(dir, at(STALE_AFTER_S)).sort()).toEqual([]);
    expect(removeStaleRunFolders(dir, at(STALE_AFTER_S + 1)).sort()).toEqual([`e2e-${RUN}`, `test-pglite-${RUN}`]);
    expect(fs.readdirSync(dir).sort()).toEqual(names.filter((n) => n !== `test-pglite-${RUN}` && n !== `e2e-${RUN}`).sort());
  });

  it('are none in a missing folder', () => {
    expect(removeStaleRunFolders(path.join(dir, 'absent'), at(STALE_AFTER_S + 1))).toEqual([]);
  });
});
