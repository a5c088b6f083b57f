import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'express';
import request from 'supertest';
import { heavyWorkStats, setHeavyWorkLimits } from '../../../server/kernel/http/heavy-work';
import { MODULES } from '../../../server/modules';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

const BUSY = 'Le serveur prépare déjà d\'autres documents : réessayez dans un instant.';

let t: TestApp;

/** A document whose making the test holds open: the handler starts, then waits for `open()`. */
interface Gate { entered: Promise<void>; open: () => void; enter: () => void; opened: Promise<void> }
const gates = new Map<string, Gate>();

function gate(name: string): Gate {
  let g = gates.get(name);
  if (!g) {
    let enter!: () => void;
    let open!: () => void;
    const entered = new Promise<void>((r) => { enter = r; });
    const opened = new Promise<void>((r) => { open = r; });
    g = { entered, enter, opened, open };
    gates.set(name, g);
  }
  return g;
}

async function heldDocument(req: Request, res: Response): Promise<void> {
  const g = gate(req.routeParams.name);
  g.enter();
  await g.opened;
  res.type('text').send(`document ${req.routeParams.name}`);
}

/** Sends its first line, returns, and ends the response only when its gate opens (a streamed archive). */
async function streamedDocument(req: Request, res: Response): Promise<void> {
  const g = gate(req.routeParams.name);
  res.type('text');
  res.write('début ');
  g.enter();
  void g.opened.then(() => res.end('fin'));
}

/** Waits until the condition holds (requests travel through real sockets and database queries). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`Jamais atteint : ${what}`);
}

/** Starts a request now and keeps its answer for later. */
function start(test: request.Test): Promise<request.Response> {
  return test.then((res) => res);
}

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.routes.add([
    { name: 'test_heavy_held', method: 'GET', path: '/test-heavy/held/{name}', right: 'authenticated', heavy: 'pdf', handler: heldDocument },
    { name: 'test_heavy_streamed', method: 'GET', path: '/test-heavy/streamed/{name}', right: 'authenticated', heavy: 'zip', handler: streamedDocument },
    { name: 'test_heavy_public', method: 'GET', path: '/test-heavy/public/{name}', right: 'public', heavy: 'pdf', handler: heldDocument },
  ]);
});
afterAll(async () => {
  for (const g of gates.values()) g.open();
  await t.close();
});
beforeEach(() => setHeavyWorkLimits({ concurrency: 2, perKey: 1, queue: 1, maxWaitMs: 60_000 }));
afterEach(() => { for (const g of gates.values()) g.open(); });

async function loggedIn(rights: string[] = []) {
  return (await loginAs(t, await makeUser(t, { rights }))).agent;
}

describe('expensive work is bounded per user and per server', () => {
  it('refuses a second document to the same user at once in French, lets another user in, queues a third and refuses beyond the queue', async () => {
    const [alice, bruno, chloe, denis] = await Promise.all([loggedIn(), loggedIn(), loggedIn(), loggedIn()]);

    const aliceFirst = start(alice.get('/test-heavy/held/a1'));
    await gate('a1').entered;

    // Alice already has a document in preparation: her second one is refused at once (its gate
    // is open, so a wrongly admitted request would answer 200 rather than hang).
    for (const name of ['a2', 'a3', 'd1']) gate(name).open();
    const page = await alice.get('/test-heavy/held/a2');
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Le serveur prépare déjà d&#39;autres documents : réessayez dans un instant.');
    expect(page.text).toContain('href="/test-heavy/held/a2"');
    const modal = await alice.get('/test-heavy/held/a3').set('X-Requested-With', 'XMLHttpRequest');
    expect(modal.status).toBe(429);
    expect(modal.body).toEqual({ message: BUSY });

    // One below the server's limit: Bruno's document starts while Alice's is made.
    const brunoFirst = start(bruno.get('/test-heavy/held/b1'));
    await gate('b1').entered;
    expect(heavyWorkStats()).toEqual({ running: 2, waiting: 0 });

    // At the limit: Chloé waits her turn in the queue (of 1) ...
    const chloeFirst = start(chloe.get('/test-heavy/held/c1'));
    await until(() => heavyWorkStats().waiting === 1, 'Chloé en attente');
    // ... and Denis, beyond the queue, is told to come back.
    const full = await denis.get('/test-heavy/held/d1').set('X-Requested-With', 'XMLHttpRequest');
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('5');
    expect(full.body).toEqual({ message: BUSY });

    // Alice's document done: Chloé's starts, and Alice may ask again.
    gate('a1').open();
    expect((await aliceFirst).text).toBe('document a1');
    await gate('c1').entered;
    gate('c1').open();
    const chloeRes = await chloeFirst;
    expect(chloeRes.status).toBe(200);
    expect(chloeRes.text).toBe('document c1');
    gate('a4').open();
    expect((await alice.get('/test-heavy/held/a4')).text).toBe('document a4');
    gate('b1').open();
    expect((await brunoFirst).status).toBe(200);
    expect(heavyWorkStats()).toEqual({ running: 0, waiting: 0 });
  });

  it('holds the slot until a streamed document has been sent to its end', async () => {
    const alice = await loggedIn();
    const streamed = start(alice.get('/test-heavy/streamed/s1'));
    await gate('s1').entered;
    // The handler has returned, but the archive is still being sent.
    gate('s2').open();
    const refused = await alice.get('/test-heavy/held/s2').set('X-Requested-With', 'XMLHttpRequest');
    expect(refused.status).toBe(429);
    gate('s1').open();
    expect((await streamed).text).toBe('début fin');
    gate('s3').open();
    expect((await alice.get('/test-heavy/held/s3')).status).toBe(200);
  });

  it('forgets a waiting request whose client left', async () => {
    setHeavyWorkLimits({ concurrency: 1, perKey: 1, queue: 1, maxWaitMs: 60_000 });
    const alice = await loggedIn();
    const aliceFirst = start(alice.get('/test-heavy/held/l1'));
    await gate('l1').entered;
    // A visitor's public document waits, then the visitor closes the tab.
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const leaving = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/test-heavy/public/l2' });
      leaving.on('error', () => undefined);
      await until(() => heavyWorkStats().waiting === 1, 'visiteur en attente');
      leaving.destroy();
      await until(() => heavyWorkStats().waiting === 0, 'visiteur parti');
    } finally {
      server.closeAllConnections();
      server.close();
    }
    gate('l1').open();
    expect((await aliceFirst).status).toBe(200);
    // The visitor's address was freed with its place in the queue.
    gate('l3').open();
    expect((await request(t.app).get('/test-heavy/public/l3')).status).toBe(200);
  });

  it('counts public documents per address', async () => {
    const first = start(request(t.app).get('/test-heavy/public/p1'));
    await gate('p1').entered;
    gate('p2').open();
    const refused = await request(t.app).get('/test-heavy/public/p2').set('X-Requested-With', 'XMLHttpRequest');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: BUSY });
    // A logged-in user on the same address is counted as himself.
    const alice = await loggedIn();
    gate('p3').open();
    expect((await alice.get('/test-heavy/held/p3')).status).toBe(200);
    gate('p1').open();
    expect((await first).status).toBe(200);
  });

  it('bounds the real exports too: the action plan CSV waits for the user\'s document in preparation', async () => {
    const alice = await loggedIn(['action.view']);
    const held = start(alice.get('/test-heavy/held/r1'));
    await gate('r1').entered;
    const refused = await alice.get('/action-plan/export.csv');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Serveur occupé');
    gate('r1').open();
    await held;
    const csv = await alice.get('/action-plan/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('declares every PDF, archive and export route heavy', () => {
    const routes = MODULES.flatMap((m) => m.routes);
    const looksHeavy = routes.filter((r) => /pdf|zip|export/.test(r.name) || /pdf|zip|export|\.csv|\.xlsx/.test(r.path));
    expect(looksHeavy.filter((r) => !r.heavy).map((r) => r.name)).toEqual([]);
    expect(routes.filter((r) => r.heavy).map((r) => `${r.name}:${r.heavy}`).sort()).toEqual([
      'action_plan_export:export',
      'action_plan_export_xlsx:export',
      'aoc_permit_pdf:pdf',
      'atex_permit_pdf:pdf',
      'confined_space_permit_pdf:pdf',
      'consignment_pdf:pdf',
      'dust_permit_pdf:pdf',
      'fidaa_permit_pdf:pdf',
      'fire_permit_pdf:pdf',
      'height_work_permit_pdf:pdf',
      'pdp_pdf:pdf',
      'pdp_sign_link_pdf:pdf',
      'pdp_work_inspection_pdf:pdf',
      'pdp_zip:zip',
      'pds_pdf:pdf',
      'ppsps_pdf:pdf',
      'rh_employee_export:export',
      'rh_employee_export_xlsx:export',
      'rh_statistics_export:export',
      'rh_statistics_export_xlsx:export',
      'risk_evaluation_history_create:pdf',
      'risk_evaluation_history_pdf:pdf',
      'risk_evaluation_papripact_pdf:pdf',
      'roofing_permit_pdf:pdf',
      'unique_document_export_pdf:pdf',
      'unique_document_export_xlsx:export',
      'vgp_control_report:pdf',
      'vgp_control_validate:pdf',
      'vgp_equipment_labels:pdf',
      'vgp_tour_print:pdf',
      'waste_cap_form:pdf',
      'waste_register_csv:export',
      'waste_register_xlsx:export',
      'work_order_pdf:pdf',
    ]);
  });
});
