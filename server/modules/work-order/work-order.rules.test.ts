import type { AuthUser } from '../../kernel/rights/auth-user';
import { parseSlot, slotKey } from './work-order-signatures';
import { workOrderPolicy } from './work-order.policy';
import { durationDays, frenchIso } from './work-order.service';
import { waitingRoleOf } from './work-order.workflow';

const user = (id: number, rights: string[] = []): AuthUser => ({
  id, username: `u${id}`, firstName: '', lastName: '', email: '', locale: 'fr', tenantId: 1, tenants: [], roles: [], rights: new Set(rights), lastLoginAt: null,
});
const plan = { orderingCustomerId: 7, substituteIds: [8], archived: false };

describe('work order rules', () => {
  it('counts both ends of the period', () => {
    expect(durationDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(durationDays('2026-03-01', '2026-03-07')).toBe(7);
    // Across the spring clock change.
    expect(durationDays('2026-03-28', '2026-03-30')).toBe(3);
    expect(frenchIso('2026-03-28')).toBe('28/03/2026');
  });

  it('awaits the ordering customer, then the contact, then the validator, and nobody outside waiting_sign', () => {
    expect(waitingRoleOf('waiting_sign', [])).toBe('ordering_customer');
    expect(waitingRoleOf('waiting_sign', ['start:ordering_customer'])).toBe('contact');
    expect(waitingRoleOf('waiting_sign', ['start:contact'])).toBe('ordering_customer');
    expect(waitingRoleOf('waiting_sign', ['start:contact', 'start:ordering_customer'])).toBe('validator');
    expect(waitingRoleOf('in_operation', [])).toBeNull();
    expect(waitingRoleOf('draft', [])).toBeNull();
  });

  it('reads signature slots and nothing else', () => {
    expect(parseSlot('end_contact')).toEqual({ moment: 'end', role: 'contact' });
    expect(slotKey(parseSlot('intermediate_ordering_customer')!)).toBe('intermediate_ordering_customer');
    for (const bad of ['end', 'start_validator', 'later_contact', '', null]) expect(parseSlot(bad)).toBeNull();
  });

  it('lets add the ordering customer, a substitute or pdp.add_work_orders, never on an archived plan', () => {
    expect(workOrderPolicy.add(user(7), plan)).toBe(true);
    expect(workOrderPolicy.add(user(8), plan)).toBe(true);
    expect(workOrderPolicy.add(user(9), plan)).toBe(false);
    expect(workOrderPolicy.add(user(9, ['pdp.add_work_orders']), plan)).toBe(true);
    expect(workOrderPolicy.add(user(7), { ...plan, archived: true })).toBe(false);
    expect(workOrderPolicy.edit(user(7), plan, 'waiting_sign')).toBe(false);
    expect(workOrderPolicy.signAsCustomer(user(9, ['pdp.add_work_orders']), plan)).toBe(false);
    expect(workOrderPolicy.signAsContact(user(10), { ...plan, contactUserId: 10 })).toBe(true);
    expect(workOrderPolicy.validate(user(7))).toBe(false);
    expect(workOrderPolicy.validate(user(9, ['pdp.validate_work_orders']))).toBe(true);
  });
});
