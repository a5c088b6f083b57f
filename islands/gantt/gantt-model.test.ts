import { barClass, daysUnderBar, escapeHtml, fill, frappeDates, frenchDay, ganttRows, localIso, mondayOnOrBefore, scrollTarget, toFrappe, type GanttTask } from './gantt-model';

const task = (over: Partial<GanttTask> = {}): GanttTask => ({
  id: 4, name: 'Pose <b>barrières</b>', start: '2026-12-07', end: '2026-12-09', progress: 40, user: 'Camille Test', isMilestone: false,
  isInitialPlanning: false, initalDates: { start: null, end: null }, dependencies: '', version: 2, ...over,
});

describe('gantt model', () => {
  it('gives frappe-gantt escaped names, string ids and the class of milestones and initial-planning tasks', () => {
    expect(toFrappe(task())).toEqual({ id: '4', name: 'Pose &lt;b&gt;barrières&lt;/b&gt;', start: '2026-12-07', end: '2026-12-09', progress: 40, dependencies: '' });
    expect(toFrappe(task({ isMilestone: true, isInitialPlanning: true, dependencies: '3' }))).toMatchObject({ custom_class: 'vigie-gantt-initial-milestone', dependencies: '3' });
    expect(barClass(task({ isInitialPlanning: true }))).toBe('vigie-gantt-initial');
    expect(toFrappe(task({ progress: 140 })).progress).toBe(100);
  });

  it('formats days and labels', () => {
    expect(frenchDay('2026-12-07')).toBe('07/12/2026');
    expect(frenchDay(null)).toBe('');
    expect(fill('Du {{start}} au {{end}}', { start: '07/12/2026', end: '09/12/2026' })).toBe('Du 07/12/2026 au 09/12/2026');
    expect(escapeHtml(`l'"a"&`)).toBe('l&#39;&quot;a&quot;&amp;');
    expect(localIso(new Date(2026, 11, 7, 23, 59))).toBe('2026-12-07');
  });

  it('gives the local dates of a day range, the end exclusive', () => {
    const { _start, _end } = frappeDates('2026-12-30', '2026-12-31');
    expect([_start.getFullYear(), _start.getMonth(), _start.getDate()]).toEqual([2026, 11, 30]);
    expect([_end.getFullYear(), _end.getMonth(), _end.getDate()]).toEqual([2027, 0, 1]);
  });

  it('opens on today only when a task runs across it', () => {
    expect(scrollTarget([task()], '2026-12-08')).toBe('today');
    expect(scrollTarget([task()], '2026-12-10')).toBe('start');
    expect(scrollTarget([], '2026-12-10')).toBe('start');
  });
});

describe('days under a dropped bar', () => {
  const week = { ganttStart: new Date(2026, 9, 24), columnWidth: 140, step: 7, unit: 'day' };
  it('reads Week and Day positions in whole days, where frappe-gantt would truncate', () => {
    // 61 days after the start: frappe-gantt's own arithmetic gives 60.
    expect(daysUnderBar(week, 61 * 20, 3 * 20)).toEqual({ start: '2026-12-24', end: '2026-12-26' });
    expect(daysUnderBar(week, 0, 20)).toEqual({ start: '2026-10-24', end: '2026-10-24' });
    expect(daysUnderBar({ ganttStart: new Date(2026, 10, 1), columnWidth: 45, step: 1, unit: 'day' }, 45 * 30, 45 * 2)).toEqual({ start: '2026-12-01', end: '2026-12-02' });
  });
  it('reads Month positions as frappe-gantt draws them (months plus day/31)', () => {
    const month = { ganttStart: new Date(2026, 9, 1), columnWidth: 120, step: 1, unit: 'month' };
    // 7 December: 2 months and 7/31.
    expect(daysUnderBar(month, (2 + 7 / 31) * 120, (3 / 30) * 120)).toEqual({ start: '2026-12-07', end: '2026-12-09' });
  });
});

describe('mondayOnOrBefore', () => {
  it('keeps a Monday and moves every other day back to its Monday', () => {
    // 2026-11-30 is a Monday.
    expect(localIso(mondayOnOrBefore(new Date(2026, 10, 30)))).toBe('2026-11-30');
    expect(localIso(mondayOnOrBefore(new Date(2026, 11, 1)))).toBe('2026-11-30');
    expect(localIso(mondayOnOrBefore(new Date(2026, 10, 29)))).toBe('2026-11-23'); // Sunday
    expect(localIso(mondayOnOrBefore(new Date(2026, 10, 28)))).toBe('2026-11-23'); // Saturday
    expect(localIso(mondayOnOrBefore(new Date(2027, 0, 2)))).toBe('2026-12-28'); // across the year
  });
});

describe('ganttRows', () => {
  it('gives the header of the two header lines plus 10 px and rows of the bar plus the 18 px padding', () => {
    expect(ganttRows(20)).toEqual({ header: 85, row: 38 });
  });
});
