import type { TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';

/** The last id of `table` in the company. */
export const lastId = async (t: TestApp, table: string, tenantId: number): Promise<number> =>
  (await t.db.dataSource.query(`SELECT max(id) AS id FROM ${table} WHERE tenant_id = $1`, [tenantId]))[0].id as number;

/** Every consignment right: access, add, manage, view all, officer, work manager. */
export const ALL_RIGHTS = ['consignment.access', 'consignment.add', 'consignment.manage', 'consignment.view_all', 'consignment.officer', 'consignment.work_manager'];

/** A machine with `points` isolation points of one type and one activity, made through the forms. */
export async function machineWithPoints(t: TestApp, a: Actor, code: string, points: number): Promise<{ machineId: number; typeId: number; activityId: number; pointIds: number[] }> {
  expect((await postForm(a, '/consignment/types/new', 'lockout_type', { name: `Électrique ${code}`, color: '#DC3545', version: 0 })).status).toBe(201);
  const typeId = await lastId(t, 'lockout_type', a.tenantId);
  expect((await postForm(a, '/consignment/activities/new', 'lockout_activity', { name: `Maintenance ${code}`, version: 0 })).status).toBe(201);
  const activityId = await lastId(t, 'lockout_activity', a.tenantId);
  const created = await postForm(a, '/consignment/machines/new', 'lockout_machine', { code, name: `Presse ${code}`, prerequisite: 'Coulisseau en bas', activityIds: [activityId], version: 0 });
  expect(created.status).toBe(201);
  const machineId = await lastId(t, 'lockout_machine', a.tenantId);
  const pointIds: number[] = [];
  for (let i = 1; i <= points; i++) {
    const res = await postForm(a, `/consignment/machines/${machineId}/points/new`, 'lockout_point', {
      code: `E${i}`, typeId, location: `Armoire ${i}`, cutMethod: 'Sectionneur', verificationMethod: 'VAT',
    });
    expect(res.status).toBe(201);
    pointIds.push(await lastId(t, 'lockout_point', a.tenantId));
  }
  return { machineId, typeId, activityId, pointIds };
}

/** Creates a slip on `machineId` through its form (the actor as officer and work manager); returns its id. */
export async function slip(t: TestApp, a: Actor, machineId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Remplacement du vérin', officerId: a.id, workManagerId: a.id, version: 0, ...extra });
  expect(res.status).toBe(201);
  return lastId(t, 'lockout_slip', a.tenantId);
}

/** Adds a free-name staff member; returns its id. */
export async function staff(t: TestApp, a: Actor, slipId: number, name: string): Promise<number> {
  expect((await postForm(a, `/consignment/${slipId}/staff/new`, 'lockout_staff', { name, company: 'MSI' })).status).toBe(201);
  return lastId(t, 'lockout_staff', a.tenantId);
}

/** Signs for a staff member with a drawn signature. */
export async function sign(a: Actor, slipId: number, staffId: number) {
  return a.agent.post(`/consignment/${slipId}/staff/${staffId}/sign`).set(XHR).type('form')
    .send({ _csrf_token: a.csrf, 'signature[name]': 'Signataire', 'signature[image]': drawing() });
}

/** Applies a workflow transition (JSON reply). */
export function apply(a: Actor, slipId: number, transition: string) {
  return postEmpty(a, `/consignment/${slipId}/apply/${transition}`);
}

/** Checks (`done` true) or removes an isolation point on the slip. */
export function check(a: Actor, slipId: number, pointId: number, done: boolean) {
  return a.agent.post(`/consignment/${slipId}/points/${pointId}/check`).set(XHR).type('form').send({ _csrf_token: a.csrf, done: done ? '1' : '0' });
}

/** Puts on or takes off a staff member's padlock. */
export function padlock(a: Actor, slipId: number, staffId: number, state: 'on' | 'off', comment = '') {
  return postForm(a, `/consignment/${slipId}/staff/${staffId}/padlock`, 'lockout_padlock', { padlock: state, comment });
}
