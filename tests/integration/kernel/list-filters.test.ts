import { setToggle, TOGGLES } from '../../../server/kernel/toggles/toggles';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The lists whose filters are read by a schema of query-string builders (server/kernel/http/fields.ts). */
const LISTS = [
  'action_plan_index', 'event_index', 'rh_employee_index', 'project_index', 'pdp_index', 'ppsps_index', 'pds_index', 'fire_permit_index',
  'work_order_list', 'rh_paid_leave_request_index', 'rh_medical_checkup_index', 'rh_work_interruption_index', 'rh_session_index',
  'rh_formation_monitoring_index', 'admin_audit_index', 'admin_user_index', 'crm_company_index', 'crm_contact_index', 'admin_survey_index',
];

/** Every filter name those lists read, with values no form sends: an id past int4, arrays, nested objects, text dates. */
const BAD = [
  'q[]=a&q[]=b', 'state=zzz&status=ZZZ&type=nope&kind=DROP%20TABLE&event=x&period=x&presence=x&archived=x&sort=x&dir=x&who=x&open=x&former=x&activated=x',
  'item=99999999999&service=2147483648&category=-1&employee=1e3&user=0x10&plan=abc&theme=1.5&formation=%20&assignee=2147483648',
  'from=31/02/2024&to=pas-une-date&on=99/99/9999&deadlineFrom=2024-13-01&deadlineTo=%20%20',
  'item[a]=1&service[]=2&q[x][y]=z&from[]=01/02/2024&page=-5&perPage=abc&late=yes',
];

describe('list filters read by a schema', () => {
  it('ignore bad filter values: every list answers 200, never a 500', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const toggle of TOGGLES) if (toggle.code !== 'two_factor') await setToggle(t.db.dataSource, admin.tenantId, toggle.code, true);
    const { agent } = await loginAs(t, admin);
    const failures: string[] = [];
    for (const name of LISTS) {
      const path = t.ctx.routes.path(name, {});
      for (const query of ['', ...BAD]) {
        const res = await agent.get(query ? `${path}?${query}` : path);
        if (res.status !== 200) failures.push(`${name} ?${query} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
