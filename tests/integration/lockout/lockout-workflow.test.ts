import { createTestApp, type TestApp } from '../../support/app';
import { actor, type Actor } from '../risk-evaluation/du-fixtures';
import { ALL_RIGHTS, apply, check, machineWithPoints, padlock, sign, slip, staff } from './lockout-fixtures';

/**
 * Every guard of the slip workflow with its French message, each rule at its value and one below
 * (the engine answers a refused precondition 403 with its reason, docs/architecture.md).
 */
let t: TestApp;
let officer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  officer = await actor(t, ALL_RIGHTS);
});
afterAll(async () => { await t.close(); });

const stateOf = async (id: number): Promise<string> => (await t.db.dataSource.query('SELECT state FROM lockout_slip WHERE id = $1', [id]))[0].state;

describe('the slip workflow', () => {
  it('awaits consignment only with at least one staff member and every signature', async () => {
    const { machineId } = await machineWithPoints(t, officer, 'AW-1', 1);
    const id = await slip(t, officer, machineId);
    expect(await stateOf(id)).toBe('draft');
    const none = await apply(officer, id, 'await');
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('Aucun intervenant n\'a été ajouté.');
    const first = await staff(t, officer, id, 'Karim Benali');
    const oneUnsigned = await apply(officer, id, 'await');
    expect(oneUnsigned.status).toBe(403);
    expect(oneUnsigned.body.message).toBe('Des signatures sont manquantes.');
    const second = await staff(t, officer, id, 'Julie Martin');
    expect((await sign(officer, id, first)).status).toBe(201);
    const oneMissing = await apply(officer, id, 'await');
    expect(oneMissing.status).toBe(403);
    expect(oneMissing.body.message).toBe('Des signatures sont manquantes.');
    expect((await sign(officer, id, second)).status).toBe(201);
    const ok = await apply(officer, id, 'await');
    expect(ok.status).toBe(200);
    expect(ok.body.state.name).toBe('awaiting_consignment');
    expect(await stateOf(id)).toBe('awaiting_consignment');
  });

  it('consigns only once every required consignment of the machine is checked done', async () => {
    const { machineId, pointIds } = await machineWithPoints(t, officer, 'CS-1', 2);
    const id = await slip(t, officer, machineId);
    const s = await staff(t, officer, id, 'Paul Girard');
    await sign(officer, id, s);
    expect((await apply(officer, id, 'await')).status).toBe(200);
    const zero = await apply(officer, id, 'consign');
    expect(zero.status).toBe(403);
    expect(zero.body.message).toBe('Des consignations obligatoires ne sont pas faites.');
    expect((await check(officer, id, pointIds[0], true)).status).toBe(201);
    const oneLeft = await apply(officer, id, 'consign');
    expect(oneLeft.status).toBe(403);
    expect(oneLeft.body.message).toBe('Des consignations obligatoires ne sont pas faites.');
    expect((await check(officer, id, pointIds[1], true)).status).toBe(201);
    const ok = await apply(officer, id, 'consign');
    expect(ok.status).toBe(200);
    expect(ok.body.state.name).toBe('consigned');
  });

  it('deconsigns only with no padlock left on and no required consignment remaining', async () => {
    const { machineId, pointIds } = await machineWithPoints(t, officer, 'DC-1', 2);
    const id = await slip(t, officer, machineId);
    const a = await staff(t, officer, id, 'Marc Dubois');
    const b = await staff(t, officer, id, 'Nadia Haddad');
    await sign(officer, id, a);
    await sign(officer, id, b);
    await apply(officer, id, 'await');
    for (const p of pointIds) await check(officer, id, p, true);
    expect((await apply(officer, id, 'consign')).status).toBe(200);
    expect((await padlock(officer, id, a, 'on', 'Cadenas 12')).status).toBe(201);
    expect((await padlock(officer, id, b, 'on')).status).toBe(201);
    expect((await apply(officer, id, 'end')).status).toBe(200);
    const two = await apply(officer, id, 'deconsign');
    expect(two.status).toBe(403);
    expect(two.body.message).toBe('Un cadenas est encore posé.');
    expect((await padlock(officer, id, a, 'off')).status).toBe(201);
    const one = await apply(officer, id, 'deconsign');
    expect(one.status).toBe(403);
    expect(one.body.message).toBe('Un cadenas est encore posé.');
    expect((await padlock(officer, id, b, 'off')).status).toBe(201);
    const pointsOn = await apply(officer, id, 'deconsign');
    expect(pointsOn.status).toBe(403);
    expect(pointsOn.body.message).toBe('Des consignations obligatoires sont encore en place : retirez-les avant de déconsigner.');
    expect((await check(officer, id, pointIds[0], false)).status).toBe(201);
    const onePoint = await apply(officer, id, 'deconsign');
    expect(onePoint.status).toBe(403);
    expect(onePoint.body.message).toBe('Des consignations obligatoires sont encore en place : retirez-les avant de déconsigner.');
    expect((await check(officer, id, pointIds[1], false)).status).toBe(201);
    const ok = await apply(officer, id, 'deconsign');
    expect(ok.status).toBe(200);
    expect(ok.body.state.name).toBe('deconsigned');
    const history: Array<{ transition: string }> = await t.db.dataSource.query(
      "SELECT transition FROM history_entry WHERE subject_type = 'lockout_slip' AND subject_id = $1 ORDER BY id", [id]);
    expect(history.map((h) => h.transition)).toEqual([
      'create', 'staff_add', 'staff_add', 'sign', 'sign', 'await', 'check_done', 'check_done', 'consign', 'padlock_on', 'padlock_on', 'end',
      'padlock_off', 'padlock_off', 'check_removed', 'check_removed', 'deconsign',
    ]);
  });

  it('puts a padlock on only while the slip is consigned', async () => {
    const { machineId } = await machineWithPoints(t, officer, 'PL-1', 0);
    const id = await slip(t, officer, machineId);
    const a = await staff(t, officer, id, 'Thomas Petit');
    expect((await padlock(officer, id, a, 'on')).status).toBe(403);
    await sign(officer, id, a);
    await apply(officer, id, 'await');
    await apply(officer, id, 'consign');
    expect((await padlock(officer, id, a, 'on')).status).toBe(201);
    await padlock(officer, id, a, 'off');
    await apply(officer, id, 'end');
    const late = await padlock(officer, id, a, 'on');
    expect(late.status).toBe(200);
    expect(late.text).toContain('Un cadenas ne se pose que sur une machine consignée.');
  });
});
