import type { DataSource } from 'typeorm';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { listHistory } from '../../../server/kernel/history/history.service';
import type { TransitionEvent } from '../../../server/kernel/workflow/workflow.types';
import { createSampleTable, SAMPLE_TABLE, sampleUser, sampleWorkflow } from '../../fixtures/sample-workflow';
import { openTestDatabase, type TestDatabase } from '../../support/db';

let db: TestDatabase;
let ds: DataSource;
let tenantA: number;
let tenantB: number;
let editorId: number;
let restoreClock: () => void;
const NOW = new Date('2026-11-22T13:05:00Z');

async function insertPlan(tenantId: number, status = 'draft', title: string | null = 'Maintenance chaudière'): Promise<number> {
  const [row] = await ds.query(`INSERT INTO "${SAMPLE_TABLE}" (tenant_id, title, owner_id, has_staff, status) VALUES ($1, $2, NULL, true, $3) RETURNING id`, [tenantId, title, status]);
  return row.id;
}

async function planRow(id: number): Promise<{ status: string; version: number }> {
  const [row] = await ds.query(`SELECT status, version FROM "${SAMPLE_TABLE}" WHERE id = $1`, [id]);
  return row;
}

async function historyCount(id: number): Promise<number> {
  const [row] = await ds.query(`SELECT count(*)::int AS n FROM history_entry WHERE subject_type = 'sample' AND subject_id = $1`, [id]);
  return row.n;
}

beforeAll(async () => {
  db = await openTestDatabase(5);
  ds = db.dataSource;
  await createSampleTable(ds);
  await ds.query(`CREATE TABLE IF NOT EXISTS "test_outbox" ("id" SERIAL PRIMARY KEY, "name" varchar(60) NOT NULL, "subject_id" integer NOT NULL)`);
  const suffix = `${process.pid}_${Date.now()}`;
  [{ id: tenantA }] = await ds.query(`INSERT INTO tenant (name) VALUES ($1) RETURNING id`, [`Société A ${suffix}`]);
  [{ id: tenantB }] = await ds.query(`INSERT INTO tenant (name) VALUES ($1) RETURNING id`, [`Société B ${suffix}`]);
  [{ id: editorId }] = await ds.query(
    `INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'x', 'Camille', 'Martin') RETURNING id`,
    [tenantA, `wf_${suffix}`, `wf_${suffix}@example.test`],
  );
  restoreClock = useClock(new FixedClock(NOW));
});

afterAll(async () => {
  restoreClock();
  await db.close();
});

const editor = () => sampleUser(editorId, ['sample.edit'], { tenantId: tenantA });

describe('workflow.apply', () => {
  it('changes the state, bumps the version and writes the history row together', async () => {
    const id = await insertPlan(tenantA);
    const out = await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor(), comment: '  Envoi au tiers  ' });
    expect(out).toMatchObject({ result: true, state: { name: 'waiting_tiers', label: 'workflow.sample.places.waiting_tiers' } });
    expect(await planRow(id)).toEqual({ status: 'waiting_tiers', version: 2 });
    const history = await listHistory(ds.manager, tenantA, 'sample', id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      workflow: 'sample', transition: 'send_tiers', from: 'draft', to: 'waiting_tiers', comment: 'Envoi au tiers',
      userId: editorId, userName: 'Camille Martin', actionLabel: 'workflow.sample.transitions.send_tiers',
      fromLabel: 'workflow.sample.places.draft', toLabel: 'workflow.sample.places.waiting_tiers',
    });
    expect(history[0].createdAt.toISOString()).toBe(NOW.toISOString());
    // Another tenant sees nothing of it.
    expect(await listHistory(ds.manager, tenantB, 'sample', id)).toEqual([]);
  });

  it('refuses a required field left empty, and a transition from a wrong state, changing nothing', async () => {
    const id = await insertPlan(tenantA, 'draft', '  ');
    expect(await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() }))
      .toEqual({ result: false, reason: 'workflow.refusal.required', status: 403, field: 'title' });
    expect(await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'close', { user: editor() }))
      .toMatchObject({ result: false, status: 409 });
    expect(await planRow(id)).toEqual({ status: 'draft', version: 1 });
    expect(await historyCount(id)).toBe(0);
  });

  it('refuses an empty comment on a comment-required transition', async () => {
    const id = await insertPlan(tenantA, 'waiting_tiers');
    for (const comment of [undefined, '', '   ']) {
      expect(await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'refuse', { user: editor(), comment }))
        .toEqual({ result: false, reason: 'workflow.refusal.required', status: 403, field: 'comment' });
    }
    expect(await planRow(id)).toEqual({ status: 'waiting_tiers', version: 1 });
    const ok = await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'refuse', { user: editor(), comment: 'Plan de prévention incomplet' });
    expect(ok).toMatchObject({ result: true, state: { name: 'draft' } });
  });

  it('asks for a signature first, then keeps it in the history', async () => {
    const id = await insertPlan(tenantA, 'waiting_tiers');
    const first = await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'sign', { user: editor() });
    expect(first).toMatchObject({ result: false, status: 200, signatureRequired: true });
    expect(await planRow(id)).toEqual({ status: 'waiting_tiers', version: 1 });
    const signature = { signer: 'Jean Tiers', image: 'data:image/png;base64,AAAA' };
    expect(await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'sign', { user: editor(), signature })).toMatchObject({ result: true });
    const [entry] = await listHistory(ds.manager, tenantA, 'sample', id);
    expect(entry.signature).toEqual(signature);
  });

  it("treats another tenant's row as not found and leaves it untouched", async () => {
    const id = await insertPlan(tenantB);
    const out = await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() });
    expect(out).toMatchObject({ result: false, status: 404 });
    expect(await planRow(id)).toEqual({ status: 'draft', version: 1 });
    expect(await historyCount(id)).toBe(0);
  });

  it('runs listeners in the same transaction: their writes commit with the step', async () => {
    const id = await insertPlan(tenantA);
    const seen: TransitionEvent[] = [];
    const off = sampleWorkflow.on('send_tiers', async (event, manager) => {
      seen.push(event);
      await manager.query(`INSERT INTO test_outbox (name, subject_id) VALUES ('mail.send_tiers', $1)`, [event.subjectId]);
    });
    try {
      await sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() });
    } finally { off(); }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ workflow: 'sample', transition: 'send_tiers', from: 'draft', to: 'waiting_tiers', subjectId: id, tenantId: tenantA });
    expect(seen[0].subject).toMatchObject({ status: 'waiting_tiers', version: 2, title: 'Maintenance chaudière', hasStaff: true });
    const jobs = await ds.query(`SELECT name FROM test_outbox WHERE subject_id = $1`, [id]);
    expect(jobs).toEqual([{ name: 'mail.send_tiers' }]);
  });

  it('rolls back state, history and outbox when a listener throws', async () => {
    const id = await insertPlan(tenantA);
    const offJob = sampleWorkflow.on('*', async (event, manager) => {
      await manager.query(`INSERT INTO test_outbox (name, subject_id) VALUES ('pdf', $1)`, [event.subjectId]);
    });
    const offFail = sampleWorkflow.on('send_tiers', () => { throw new Error('SMTP indisponible'); });
    try {
      await expect(sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() })).rejects.toThrow('SMTP indisponible');
    } finally { offJob(); offFail(); }
    expect(await planRow(id)).toEqual({ status: 'draft', version: 1 });
    expect(await historyCount(id)).toBe(0);
    expect(await ds.query(`SELECT 1 FROM test_outbox WHERE subject_id = $1`, [id])).toEqual([]);
  });

  it('joins the caller transaction when given its EntityManager', async () => {
    const id = await insertPlan(tenantA);
    await expect(ds.transaction(async (manager) => {
      const out = await sampleWorkflow.apply(manager, { id, tenantId: tenantA }, 'send_tiers', { user: editor() });
      expect(out.result).toBe(true);
      throw new Error('annulé par l’appelant');
    })).rejects.toThrow('annulé');
    expect(await planRow(id)).toEqual({ status: 'draft', version: 1 });
    expect(await historyCount(id)).toBe(0);
  });

  // PGlite has a single backend (transactions queue, never race): concurrency is proven on PostgreSQL.
  it('lets exactly one of two concurrent applies win; the other is refused with 409', async () => {
    const id = await insertPlan(tenantA);
    // On a server, the winner keeps its row lock until the other apply is seen waiting on it, so
    // the race really happens on two connections whatever the scheduling. The embedded database
    // runs one transaction at a time on its single backend: the second apply starts when the
    // first has committed, and must find the state changed.
    const off = db.embedded ? () => undefined : sampleWorkflow.on('send_tiers', async () => {
      for (let i = 0; i < 100; i++) {
        const waiting = await ds.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'`,
        );
        if (waiting[0].n > 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('le second apply n’a jamais attendu le verrou');
    });
    let results;
    try {
      results = await Promise.all([
        sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() }),
        sampleWorkflow.apply(ds, { id, tenantId: tenantA }, 'send_tiers', { user: editor() }),
      ]);
    } finally { off(); }
    const winners = results.filter((r) => r.result);
    const losers = results.filter((r) => !r.result);
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([{ result: false, status: 409, reason: 'workflow.refusal.stale_state' }]);
    expect(await planRow(id)).toEqual({ status: 'waiting_tiers', version: 2 });
    expect(await historyCount(id)).toBe(1);
  });
});
