import { addMonths, expiryOf, formationStatus, parseParisDateTime } from '../../../server/modules/hr/training/training-dates';
import { formatDateTime } from '../../../server/kernel/i18n/format';

describe('formation validity dates', () => {
  it('adds months, keeping the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 24)).toBe('2028-11-15');
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-10');
  });

  it('gives no expiry to a permanent formation', () => {
    expect(expiryOf('2026-03-04', { permanent: true, validityMonths: null })).toBeNull();
    expect(expiryOf('2026-03-04', { permanent: false, validityMonths: 36 })).toBe('2029-03-04');
  });

  it('says valid, expiring within the alert delay, expired after the last day', () => {
    expect(formationStatus(null, '2030-01-01', 60)).toBe('valid');
    expect(formationStatus('2026-06-30', '2026-05-01', 60)).toBe('expiring');
    expect(formationStatus('2026-06-30', '2026-04-30', 60)).toBe('valid');
    expect(formationStatus('2026-06-30', '2026-06-30', 60)).toBe('expiring');
    expect(formationStatus('2026-06-30', '2026-07-01', 60)).toBe('expired');
  });

  it('reads a Paris date and time typed in the form', () => {
    const d = parseParisDateTime('15/07/2026 09:30')!;
    expect(d.toISOString()).toBe('2026-07-15T07:30:00.000Z');
    expect(formatDateTime(d)).toBe('15/07/2026 09:30');
    expect(parseParisDateTime('31/02/2026 09:00')).toBeNull();
    expect(parseParisDateTime('15/01/2026')!.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(parseParisDateTime('demain')).toBeNull();
  });
});
