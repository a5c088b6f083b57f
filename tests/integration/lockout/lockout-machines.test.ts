import { createTestApp, type TestApp } from '../../support/app';
import { actor, fieldError, postEmpty, postForm, type Actor } from '../risk-evaluation/du-fixtures';
import { ALL_RIGHTS, machineWithPoints, slip } from './lockout-fixtures';

/** Machines: the list searched and filtered, the form's checks, isolation points kept while a slip is in progress. */
let t: TestApp;
let a: Actor;
let sector: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await actor(t, ALL_RIGHTS);
  const ds = t.db.dataSource;
  const [type] = await ds.query("INSERT INTO hierarchy_type (tenant_id, name, level, attach_consignment) VALUES ($1, 'Atelier', 1, true) RETURNING id", [a.tenantId]);
  [{ id: sector }] = await ds.query("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Atelier presses', $2) RETURNING id", [a.tenantId, type.id]);
});
afterAll(async () => { await t.close(); });

const listed = (html: string): number[] => [...html.matchAll(/data-machine="(\d+)"/g)].map((m) => Number(m[1]));

it('searches machines by code or name and filters them by sector and activity', async () => {
  const first = await machineWithPoints(t, a, 'LS-1', 0);
  const second = await machineWithPoints(t, a, 'LS-2', 0);
  const [{ version }] = await t.db.dataSource.query('SELECT version FROM lockout_machine WHERE id = $1', [second.machineId]);
  expect((await postForm(a, `/consignment/machines/${second.machineId}/edit`, 'lockout_machine', {
    code: 'LS-2', name: 'Convoyeur ligne 2', sectorId: sector, activityIds: [second.activityId], version,
  })).status).toBe(201);
  expect(listed((await a.agent.get('/consignment/machines?q=ls-')).text)).toEqual([first.machineId, second.machineId]);
  expect(listed((await a.agent.get(`/consignment/machines?q=${encodeURIComponent('convoyeur')}`)).text)).toEqual([second.machineId]);
  expect(listed((await a.agent.get(`/consignment/machines?q=ls-&sector=${sector}`)).text)).toEqual([second.machineId]);
  expect(listed((await a.agent.get(`/consignment/machines?q=ls-&activity=${first.activityId}`)).text)).toEqual([first.machineId]);
  expect(listed((await a.agent.get('/consignment/machines?q=ls-&sector=abc')).text)).toEqual([first.machineId, second.machineId]);
});

it('requires the machine\'s code and name, and the isolation point\'s type and methods', async () => {
  const blank = await postForm(a, '/consignment/machines/new', 'lockout_machine', { code: '', name: '', version: 0 });
  expect(blank.status).toBe(200);
  expect(fieldError(blank.text, 'code')).toBe('Veuillez renseigner ce champ.');
  expect(fieldError(blank.text, 'name')).toBe('Veuillez renseigner ce champ.');
  const { machineId } = await machineWithPoints(t, a, 'FM-1', 0);
  const point = await postForm(a, `/consignment/machines/${machineId}/points/new`, 'lockout_point', { code: 'E9', typeId: '', location: 'Armoire', cutMethod: '', verificationMethod: 'VAT' });
  expect(point.status).toBe(200);
  expect(fieldError(point.text, 'cutMethod')).toBe('Veuillez renseigner ce champ.');
  expect(point.text).toContain('value="Armoire"');
});

it('keeps an isolation point while a slip of the machine is in progress, and deletes it after', async () => {
  const { machineId, pointIds } = await machineWithPoints(t, a, 'PK-1', 1);
  const id = await slip(t, a, machineId);
  await t.db.dataSource.query("UPDATE lockout_slip SET state = 'consigned' WHERE id = $1", [id]);
  const refused = await postEmpty(a, `/consignment/machines/${machineId}/points/${pointIds[0]}/delete`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('Suppression impossible : la consignation « E1 » est utilisée par un bon de consignation en cours sur cette machine.');
  await t.db.dataSource.query("UPDATE lockout_slip SET state = 'deconsigned' WHERE id = $1", [id]);
  expect((await postEmpty(a, `/consignment/machines/${machineId}/points/${pointIds[0]}/delete`)).status).toBe(200);
  expect(await t.db.dataSource.query('SELECT id FROM lockout_point WHERE id = $1', [pointIds[0]])).toEqual([]);
});

it('reads the slip\'s dates as DD/MM/YYYY and accepts an end on the start day or after, refuses one the day before, keeping what was typed', async () => {
  const { machineId } = await machineWithPoints(t, a, 'DT-1', 0);
  const bad = await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Dates', startDate: '12/03/2026', endDate: '11/03/2026', version: 0 });
  expect(bad.status).toBe(200);
  expect(fieldError(bad.text, 'endDate')).toBe('La date de fin doit être postérieure ou égale à la date de début.');
  expect(bad.text).toContain('value="11/03/2026"');
  const notDate = await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Dates', startDate: '31/02/2026', version: 0 });
  expect(fieldError(notDate.text, 'startDate')).toBe('La date doit être au format JJ/MM/AAAA.');
  const same = await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Dates', startDate: '12/03/2026', endDate: '12/03/2026', version: 0 });
  expect(same.status).toBe(201);
  const [row] = await t.db.dataSource.query("SELECT to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM lockout_slip WHERE subject = 'Dates' AND tenant_id = $1", [a.tenantId]);
  expect(row).toEqual({ s: '2026-03-12', e: '2026-03-12' });
  expect((await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Dates après', startDate: '12/03/2026', endDate: '13/03/2026', version: 0 })).status).toBe(201);
  const page = await a.agent.get(same.body.redirect);
  expect(page.text).toContain('12/03/2026');
});
