import { fetchRange, fillUrl, formatWall, itemKind, parseWall, readableTextOn, tasksQuery, toEvents, withYear, yearsBetween } from './calendar-model';

describe('calendar model', () => {
  it('reads and writes the YYYY-MM-DD HH:mm wall-clock format', () => {
    const d = parseWall('2026-06-11 09:30')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 5, 11, 9, 30]);
    expect(formatWall(d)).toBe('2026-06-11 09:30');
    expect(formatWall(parseWall('2026-06-11')!)).toBe('2026-06-11 00:00');
    expect(parseWall('11/06/2026')).toBeNull();
  });

  it('tells tasks, work interruptions and leave apart by their id', () => {
    expect(itemKind(12)).toBe('task');
    expect(itemKind('wi-4')).toBe('interruption');
    expect(itemKind('leave-7')).toBe('leave');
  });

  it('makes whole-day events of unavailability periods (end exclusive), timed events of tasks', () => {
    const [task, leave] = toEvents([
      { id: 3, title: 'Audit', assignedTo: 1, start: '2026-06-11 09:00', end: '2026-06-11 10:30', colorResources: '#0f5f73', isWorkAccident: false },
      { id: 'leave-9', title: 'Congé – Lucie', assignedTo: 2, start: '2026-06-12 00:00', end: '2026-06-15 23:59', colorResources: '#e4572e', isWorkAccident: true },
      { id: 'wi-1', title: 'cassé', assignedTo: 2, start: 'demain', end: '', colorResources: '#e4572e', isWorkAccident: true },
    ]);
    expect(task).toMatchObject({ kind: 'task', recordId: 3, allDay: false, color: '#0f5f73' });
    expect(formatWall(task.end)).toBe('2026-06-11 10:30');
    expect(leave).toMatchObject({ kind: 'leave', recordId: 9, allDay: true });
    expect(formatWall(leave.start)).toBe('2026-06-12 00:00');
    expect(formatWall(leave.end)).toBe('2026-06-16 00:00');
    expect(toEvents([{ id: 'wi-1', title: 'x', assignedTo: null, start: 'demain', end: '', colorResources: '#000000', isWorkAccident: true }])).toEqual([]);
  });

  it('fetches ±7 days around the day, the month and 7 days around it in the month view', () => {
    const day = parseWall('2026-06-10 15:00')!;
    const week = fetchRange('work_week', day);
    expect([formatWall(week.start), formatWall(week.end)]).toEqual(['2026-06-03 00:00', '2026-06-18 00:00']);
    const month = fetchRange('month', day);
    expect([formatWall(month.start), formatWall(month.end)]).toEqual(['2026-05-25 00:00', '2026-07-08 00:00']);
    expect(tasksQuery(week, [4, 5], [])).toBe('start=2026-06-03+00%3A00&end=2026-06-18+00%3A00&resources=4%2C5');
  });

  it('fills URL templates and offers the years 2010 to 2040', () => {
    expect(fillUrl('/calendar/task/987654321/edit', '987654321', 12)).toBe('/calendar/task/12/edit');
    expect(fillUrl('/projects/tasks/987654321/dates?start=__START__&end=__END__', '987654321', 5, '2026-06-11 09:00', '2026-06-11 10:00'))
      .toBe('/projects/tasks/5/dates?start=2026-06-11%2009%3A00&end=2026-06-11%2010%3A00');
    const years = yearsBetween(2010, 2040);
    expect([years.length, years[0], years[30]]).toEqual([31, 2010, 2040]);
    expect(formatWall(withYear(parseWall('2024-02-29 08:00')!, 2025))).toBe('2025-02-28 08:00');
  });
});

describe('readable task titles', () => {
  it('writes dark text on light colours and white on dark ones, whichever contrasts more', () => {
    expect(readableTextOn('#f3a712')).toBe('#000');
    expect(readableTextOn('#ffffff')).toBe('#000');
    expect(readableTextOn('#0f5f73')).toBe('#fff');
    expect(readableTextOn('#000')).toBe('#fff');
    // Not a colour: the calendar's default white.
    expect(readableTextOn('teal')).toBe('#fff');
  });
});
