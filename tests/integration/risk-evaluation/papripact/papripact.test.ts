import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, evaluationFields, fieldError, lastEvaluationId, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** Issue 23 item 8: the PAPRIPACT, shown from 50 active employees, its level filter, its lines (lock, bad input), its PDF, rights, tenant. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;
const FORM = 'du_papripact_line';
const YEAR = 2026;
const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

/** Exactly `n` active employees in the company, plus one who left and one in the trash (never counted). */
async function staff(tenantId: number, n: number): Promise<void> {
  await q('DELETE FROM employee WHERE tenant_id = $1', [tenantId]);
  await q(`INSERT INTO employee (tenant_id, last_name) SELECT $1, 'Salarié ' || g FROM generate_series(1, $2::int) g`, [tenantId, n]);
  await q(`INSERT INTO employee (tenant_id, last_name, entry_date, exit_date) VALUES ($1, 'Parti', '2020-01-01', '2021-01-01')`, [tenantId]);
  await q(`INSERT INTO employee (tenant_id, last_name, deleted_at) VALUES ($1, 'Corbeille', now())`, [tenantId]);
}

async function evaluation(rating: { g: string; p: string; c: string }, situation: string): Promise<number> {
  const res = await postForm(admin, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(place, rating, { dangerousSituation: situation }));
  expect(res.status).toBe(201);
  return lastEvaluationId(t, admin.tenantId);
}

async function action(a: Actor, evaluationId: number, comments: string, deadline: string | null, status = 'IN_PROGRESS'): Promise<number> {
  const [r] = await q(`INSERT INTO action (tenant_id, comments, creator_id, assignee_id, source_type, source_id, hierarchy_item_id, deadline, status, created_at, updated_at)
    VALUES ($1, $2, $3, $3, 'risk_evaluation', $4, $5, $6, $7, now(), now()) RETURNING id`, [a.tenantId, comments, a.id, evaluationId, place.siteId, deadline, status]);
  return r.id;
}

const page = (a: Actor, query: string) => a.agent.get(`/unique-document/papripact${query}`);
const shown = (html: string) => [...html.matchAll(/data-papripact-action="(\d+)"/g)].map((m) => Number(m[1]));
const editUrl = (id: number, year = YEAR) => `/unique-document/papripact/lines/${id}?year=${year}`;
const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => cb(null, Buffer.concat(chunks))); };

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'papripact-'));
  const file = path.join(dir, 'p.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let critical: number; let moderate8: number; let low6: number; let low1: number;
let aCritical: number; let aModerate: number; let aLow6: number; let aLow1: number; let aNextYear: number; let aOpen: number;

/** The company's declared headcount (global setting), 0 = none. */
const declare = (tenantId: number, n: number) => q(
  `INSERT INTO setting (tenant_id, code, value) VALUES ($1, 'declared_headcount', $2) ON CONFLICT (tenant_id, code) DO UPDATE SET value = EXCLUDED.value`, [tenantId, String(n)]);
const TABBED = ['/unique-document', '/unique-document/workstations', '/unique-document/chemicals', '/unique-document/arduousness'];

describe('the 50-employee threshold (Code du travail L4121-3-1)', () => {
  it('hides the programme and its tab at 49 active employees, shows them at 50 and 51 on every screen of the document', async () => {
    for (const [n, status] of [[49, 404], [50, 200], [51, 200]] as const) {
      await staff(admin.tenantId, n);
      expect((await page(admin, '')).status).toBe(status);
      for (const url of TABBED) {
        const screen = await admin.agent.get(url);
        expect(screen.status).toBe(200);
        expect(screen.text.includes('data-testid="du-tab-papripact"')).toBe(status === 200);
      }
      expect((await admin.agent.get(`/unique-document/papripact/pdf?item=${place.siteId}`)).status).toBe(status);
    }
    // Each screen marks its own tab as the current page (a real attribute, not escaped text).
    expect((await admin.agent.get('/unique-document/chemicals')).text).toContain('href="/unique-document/chemicals" aria-current="page"');
    // The programme's own page shows its tab as the current one.
    expect((await page(admin, '')).text).toMatch(/class="nav-link active" href="\/unique-document\/papripact" aria-current="page" data-testid="du-tab-papripact"/);
  });

  it('counts the declared headcount setting when HR lists fewer employees: 49 hides, 50 and 51 show', async () => {
    await staff(admin.tenantId, 3);
    for (const [n, status] of [[49, 404], [50, 200], [51, 200]] as const) {
      await declare(admin.tenantId, n);
      expect((await page(admin, '')).status).toBe(status);
      expect((await admin.agent.get('/unique-document')).text.includes('data-testid="du-tab-papripact"')).toBe(status === 200);
    }
    // The higher of the two counts: HR's 50 wins over a declared 10.
    await declare(admin.tenantId, 10);
    await staff(admin.tenantId, 50);
    expect((await page(admin, '')).status).toBe(200);
    await declare(admin.tenantId, 0);
  });
});

describe('the programme', () => {
  beforeAll(async () => {
    await staff(admin.tenantId, 50);
    critical = await evaluation({ g: 'Très grave', p: 'Très probable', c: 'Nulle' }, 'Presse sans carter');          // 64
    moderate8 = await evaluation({ g: 'Modérée', p: 'Possible', c: 'Moyenne' }, 'Allée encombrée');                 // 8
    low6 = await evaluation({ g: 'Modérée', p: 'Probable', c: 'Bonne' }, 'Éclairage faible');                      // 6
    low1 = await evaluation({ g: 'Faible', p: 'Improbable', c: 'Bonne' }, 'Écran mal placé');                       // 1
    aCritical = await action(admin, critical, 'Poser un carter fixe sur la presse', `${YEAR}-06-30`);
    aModerate = await action(admin, moderate8, 'Marquer les allées au sol', `${YEAR}-03-15`);
    aLow6 = await action(admin, low6, 'Changer les luminaires', `${YEAR}-09-01`);
    aLow1 = await action(admin, low1, 'Régler la hauteur des écrans', `${YEAR}-11-30`);
    aNextYear = await action(admin, critical, 'Remplacer la presse', `${YEAR + 1}-02-01`);
    aOpen = await action(admin, critical, 'Former les régleurs', null);
    await action(admin, critical, 'Mesure abandonnée', `${YEAR}-05-01`, 'ABANDONED');
  });

  it('keeps the evaluations at or above the chosen level: 8 at « Modéré » (min 7), not 6; 1 at « Faible » (min 1)', async () => {
    const moderate = await place.level('Modéré');
    const res = await page(admin, `?item=${place.siteId}&year=${YEAR}&level=${moderate}`);
    expect(res.status).toBe(200);
    expect(shown(res.text)).toEqual([aCritical, aOpen, aModerate]);
    const high = shown((await page(admin, `?item=${place.siteId}&year=${YEAR}&level=${await place.level('Élevé')}`)).text);
    expect(high).toEqual([aCritical, aOpen]);
    const all = shown((await page(admin, `?item=${place.siteId}&year=${YEAR}&level=${await place.level('Faible')}`)).text);
    expect(all).toEqual([aCritical, aOpen, aModerate, aLow6, aLow1]);
    expect(shown((await page(admin, `?item=${place.siteId}&year=${YEAR}`)).text)).toEqual(all);
  });

  it('puts an action in the year of its deadline (open actions without one in every year), abandoned ones nowhere', async () => {
    const next = shown((await page(admin, `?item=${place.siteId}&year=${YEAR + 1}`)).text);
    expect(next).toEqual([aNextYear, aOpen]);
    const res = await page(admin, `?item=${place.siteId}&year=${YEAR}`);
    expect(res.text).not.toContain('Mesure abandonnée');
    expect(res.text).toContain('30/06/2026');
  });

  it('saves a line\'s conditions, indicator and cost, then answers 409 on a stale version', async () => {
    const form = await admin.agent.get(editUrl(aCritical)).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="du_papripact_line[version]" value="0"');
    const fields = { conditions: 'Arrêt de la presse une demi-journée', indicator: 'Zéro accident sur la presse', cost: '1 500,50' };
    expect((await postForm(admin, editUrl(aCritical), FORM, { ...fields, version: 0 })).status).toBe(201);
    const [row] = await q('SELECT conditions, indicator, cost::text AS cost, version FROM du_papripact_line WHERE action_id = $1 AND year = $2', [aCritical, YEAR]);
    expect(row).toEqual({ conditions: fields.conditions, indicator: fields.indicator, cost: '1500.50', version: 1 });
    expect((await postForm(admin, editUrl(aCritical), FORM, { ...fields, version: 0 })).status).toBe(409);
    expect((await postForm(admin, editUrl(aCritical), FORM, { ...fields, cost: '2000', version: 1 })).status).toBe(201);
    const stale = await postForm(admin, editUrl(aCritical), FORM, { ...fields, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifié/);
    const list = await page(admin, `?item=${place.siteId}&year=${YEAR}`);
    expect(list.text).toContain('2000,00 €');
    // The line belongs to its year: nothing filled in for the next one.
    expect((await admin.agent.get(editUrl(aOpen, YEAR + 1)).set(XHR)).text).toContain('value="0"');
  });

  it('answers a bad cost with the French message and keeps what was typed', async () => {
    const res = await postForm(admin, editUrl(aModerate), FORM, { conditions: 'Pendant la fermeture d\'août', indicator: 'Allées dégagées', cost: 'beaucoup', version: 0 });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'cost')).toBe('Saisissez un montant en euros, par exemple 1 500,00.');
    expect(res.text).toContain('Pendant la fermeture d&#39;août');
    expect(res.text).toContain('value="beaucoup"');
    expect((await q('SELECT count(*)::int AS n FROM du_papripact_line WHERE action_id = $1', [aModerate]))[0].n).toBe(0);
  });

  it('prints the programme as a PDF', async () => {
    const res = await admin.agent.get(`/unique-document/papripact/pdf?item=${place.siteId}&year=${YEAR}&level=${await place.level('Modéré')}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('PAPRIPACT');
    expect(text).toContain('Poser un carter fixe');
    expect(text).toContain('2000,00 €');
    expect(text).toContain('Arrêt de la presse');
    expect(text).toContain('Marquer les allées');
    expect(text).not.toContain('Changer les');
  });

  it('needs unique_document.view to see, unique_document.edit to edit, a CSRF token', async () => {
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await page(viewer, `?item=${place.siteId}&year=${YEAR}`)).status).toBe(200);
    expect((await page(viewer, `?item=${place.siteId}&year=${YEAR}`)).text).not.toContain('data-testid="du-papripact-edit"');
    expect((await viewer.agent.get(editUrl(aCritical)).set(XHR)).status).toBe(403);
    expect((await postForm(viewer, editUrl(aCritical), FORM, { conditions: 'x', version: 2 })).status).toBe(403);
    const nobody = await actor(t, [], { company });
    expect((await page(nobody, '')).status).toBe(403);
    expect((await postForm(admin, editUrl(aCritical), FORM, { conditions: 'x', version: 2 }, 'bad-token')).status).toBe(403);
  });

  it('lists the evaluations at or above the level without a measure in the year, each adding one through the action plan\'s quick add', async () => {
    const bare = await evaluation({ g: 'Très grave', p: 'Très probable', c: 'Nulle' }, 'Sol glissant devant le lavabo');   // 64, no action
    const uncovered = (html: string) => [...html.matchAll(/data-papripact-evaluation="(\d+)"/g)].map((m) => Number(m[1]));
    const moderate = await place.level('Modéré');
    const res = await page(admin, `?item=${place.siteId}&year=${YEAR}&level=${moderate}`);
    expect(uncovered(res.text)).toEqual([bare]);
    expect(res.text).toContain(`href="/action-plan/quick-add/${bare}?source=risk_evaluation"`);
    expect(res.text).toContain('Risques sans mesure au programme 2026');
    // Next year, the « Modéré » line whose action falls in this year has none either.
    expect(uncovered((await page(admin, `?item=${place.siteId}&year=${YEAR + 1}&level=${moderate}`)).text)).toEqual([bare, moderate8]);
    // An action of the evaluation with a deadline in the year moves it to the programme.
    const added = await action(admin, bare, 'Poser un tapis antidérapant', `${YEAR}-10-01`);
    const after = await page(admin, `?item=${place.siteId}&year=${YEAR}&level=${moderate}`);
    expect(uncovered(after.text)).toEqual([]);
    expect(shown(after.text)).toContain(added);
    // Without the right to add actions, no such list.
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await page(viewer, `?item=${place.siteId}&year=${YEAR + 1}&level=${moderate}`)).text).not.toContain('data-testid="du-papripact-add"');
  });

  it('answers 404 for another company\'s entity or action', async () => {
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    await staff(stranger.tenantId, 60);
    expect((await page(stranger, '')).status).toBe(200);
    expect((await page(stranger, `?item=${place.siteId}`)).status).toBe(404);
    expect((await stranger.agent.get(editUrl(aCritical)).set(XHR)).status).toBe(404);
    expect((await postForm(stranger, editUrl(aCritical), FORM, { conditions: 'x', version: 2 })).status).toBe(404);
    expect((await stranger.agent.get(`/unique-document/papripact/pdf?item=${place.siteId}`)).status).toBe(404);
  });
});
