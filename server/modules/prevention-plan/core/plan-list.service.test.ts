import { planValidity } from './plan-list.service';

describe('plan validity', () => {
  const today = '2026-11-23';
  it('is late when the end date passed while the plan is not expired', () => {
    expect(planValidity({ status: 'in_operation', endDate: '2026-11-22' }, today)).toBe('late');
    expect(planValidity({ status: 'draft', endDate: '2026-01-01' }, today)).toBe('late');
  });
  it('is expiring when the plan ends within 30 days, today included', () => {
    expect(planValidity({ status: 'in_operation', endDate: today }, today)).toBe('expiring');
    expect(planValidity({ status: 'in_operation', endDate: '2026-12-23' }, today)).toBe('expiring');
  });
  it('is up to date beyond 30 days or without an end date, and none for an expired plan', () => {
    expect(planValidity({ status: 'in_operation', endDate: '2026-12-24' }, today)).toBe('up_to_date');
    expect(planValidity({ status: 'draft', endDate: null }, today)).toBe('up_to_date');
    expect(planValidity({ status: 'expired', endDate: '2026-01-01' }, today)).toBeNull();
  });
});
