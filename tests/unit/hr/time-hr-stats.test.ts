import { daysLostIn, daysInYear, estimatedHours, frequencyRate, hoursOf, periodRates, roundRate, severityRate } from '../../../server/modules/hr/time/hr-stats';

const MARCH = { from: '2026-03-01', to: '2026-03-31', today: '2026-11-23' };

describe('days lost', () => {
  it('clips the interruption to the period', () => {
    expect(daysLostIn({ accidentDate: '2026-02-25', interruptionStart: '2026-02-26', interruptionEnd: '2026-03-04' }, MARCH)).toBe(4);
    expect(daysLostIn({ accidentDate: '2026-03-30', interruptionStart: '2026-03-30', interruptionEnd: '2026-04-10' }, MARCH)).toBe(2);
    expect(daysLostIn({ accidentDate: '2026-03-10', interruptionStart: '2026-03-10', interruptionEnd: '2026-03-10' }, MARCH)).toBe(1);
  });

  it('gives nothing without interruption or outside the period', () => {
    expect(daysLostIn({ accidentDate: '2026-03-10', interruptionStart: null, interruptionEnd: null }, MARCH)).toBe(0);
    expect(daysLostIn({ accidentDate: '2026-04-02', interruptionStart: '2026-04-02', interruptionEnd: '2026-04-05' }, MARCH)).toBe(0);
  });

  it('runs an open interruption to the period end, or to today when today comes first', () => {
    expect(daysLostIn({ accidentDate: '2026-03-20', interruptionStart: '2026-03-21', interruptionEnd: null }, MARCH)).toBe(11);
    // Period November 2026, today 23/11: from 20 to 23 November = 4 days, not 11.
    expect(daysLostIn({ accidentDate: '2026-11-20', interruptionStart: '2026-11-20', interruptionEnd: null }, { from: '2026-11-01', to: '2026-11-30', today: '2026-11-23' })).toBe(4);
  });
});

describe('hours and rates', () => {
  it('estimates hours as annual hours × headcount × share of the year', () => {
    expect(daysInYear(2026)).toBe(365);
    expect(daysInYear(2028)).toBe(366);
    expect(estimatedHours(1607, 10, '2026-01-01', '2026-12-31')).toBeCloseTo(16070, 6);
    // March: 31/365 of 1607 × 10 = 1364.8493...
    expect(estimatedHours(1607, 10, '2026-03-01', '2026-03-31')).toBeCloseTo(16070 * 31 / 365, 6);
    // Over two years: 31 days of 2027 (365) and 31 days of December 2026.
    expect(estimatedHours(1000, 1, '2026-12-01', '2027-01-31')).toBeCloseTo(1000 * 62 / 365, 6);
  });

  it('computes TF and TG, null without hours', () => {
    expect(frequencyRate(2, 16070)).toBeCloseTo(124.4555, 3);
    expect(severityRate(30, 16070)).toBeCloseTo(1.8668, 3);
    expect(frequencyRate(1, 0)).toBeNull();
    expect(severityRate(1, 0)).toBeNull();
    expect(roundRate(124.45550715)).toBe(124.46);
    expect(roundRate(null)).toBeNull();
  });

  it('puts a period together: work time hours win over the estimate', () => {
    const accidents = [
      { accidentDate: '2026-03-02', interruptionStart: '2026-03-03', interruptionEnd: '2026-03-12' }, // 10 days
      { accidentDate: '2026-03-15', interruptionStart: null, interruptionEnd: null }, // no lost time
      { accidentDate: '2026-02-27', interruptionStart: '2026-02-27', interruptionEnd: '2026-03-02' }, // 2 days in March
    ];
    // 2 lost-time accidents, 12 days lost, 2 000 h recorded: TF = 2 × 10^6 / 2000 = 1000; TG = 12 × 1000 / 2000 = 6.
    const worked = periodRates({ period: MARCH, accidents, slices: [{ from: MARCH.from, to: MARCH.to, workTimeHours: 2000, headcount: 10 }], annualHours: 1607 });
    expect(worked).toEqual({ accidents: 2, lostTimeAccidents: 2, daysLost: 12, hours: 2000, hoursSource: 'work_time', tf: 1000, tg: 6 });
    // No work time: 1607 × 10 × 31 / 365 = 1364.849 h; TF = 2 × 10^6 / 1364.849 = 1465.36; TG = 12000 / 1364.849 = 8.79.
    const estimated = periodRates({ period: MARCH, accidents, slices: [{ from: MARCH.from, to: MARCH.to, workTimeHours: null, headcount: 10 }], annualHours: 1607 });
    expect(estimated.hoursSource).toBe('estimate');
    expect(roundRate(estimated.tf)).toBe(1465.36);
    expect(roundRate(estimated.tg)).toBe(8.79);
  });

  it('adds each month its own hours: recorded work time where there is some, the estimate elsewhere', () => {
    // January estimated: 1607 × 2 × 31 / 365 = 272.97 h; February recorded: 300 h. Total 572.97 h, mixed.
    const h = hoursOf([
      { from: '2026-01-01', to: '2026-01-31', workTimeHours: null, headcount: 2 },
      { from: '2026-02-01', to: '2026-02-28', workTimeHours: 300, headcount: 2 },
    ], 1607);
    expect(h.source).toBe('mixed');
    expect(h.hours).toBeCloseTo(1607 * 2 * 31 / 365 + 300, 6);
    expect(hoursOf([], 1607)).toEqual({ hours: 0, source: 'estimate' });
  });
});
