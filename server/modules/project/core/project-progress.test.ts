import { summarizeProgress, type ProgressTask } from './project-progress';

const now = new Date('2026-11-26T10:00:00Z');
const task = (over: Partial<ProgressTask>): ProgressTask => ({ label: 'Tâche', state: 'todo', progress: 0, hourEstimation: null, isMilestone: false, endAt: new Date('2026-12-31T17:00:00Z'), ...over });

describe('project progress summary', () => {
  it('weights completion by estimated hours when every task has some, a done task counting 100 % whatever its field says', () => {
    const p = summarizeProgress([
      task({ state: 'done', progress: 40, hourEstimation: 10 }),
      task({ state: 'in_progress', progress: 50, hourEstimation: 30 }),
      task({ hourEstimation: 60 }),
    ], now);
    // (10 × 100 + 30 × 50 + 60 × 0) / 100 = 25 %.
    expect(p.percent).toBe(25);
    expect(p.weightedByHours).toBe(true);
    expect(p.tasks).toEqual({ total: 3, todo: 1, inProgress: 1, done: 1 });
    expect(p.hours).toEqual({ total: 100, done: 10 });
  });

  it('falls back to equal weights when one task has no estimation', () => {
    const p = summarizeProgress([task({ state: 'done', hourEstimation: 10 }), task({ progress: 50 }), task({ progress: 20, hourEstimation: 5 })], now);
    // (100 + 50 + 20) / 3 = 56,67 → 57 %.
    expect(p.percent).toBe(57);
    expect(p.weightedByHours).toBe(false);
  });

  it('counts late tasks and milestones apart, and names the earliest milestone not reached', () => {
    const p = summarizeProgress([
      task({ endAt: new Date('2026-11-20T17:00:00Z') }),
      task({ state: 'done', endAt: new Date('2026-11-01T17:00:00Z') }),
      task({ label: 'Réception', isMilestone: true, endAt: new Date('2027-01-15T17:00:00Z') }),
      task({ label: 'Audit', isMilestone: true, endAt: new Date('2026-11-25T17:00:00Z') }),
      task({ label: 'Lancement', isMilestone: true, state: 'done', endAt: new Date('2026-10-01T17:00:00Z') }),
    ], now);
    expect(p.late).toBe(2);
    expect(p.tasks.total).toBe(2);
    expect(p.percent).toBe(50);
    expect(p.milestones).toEqual({ total: 3, done: 1, next: { label: 'Audit', endAt: new Date('2026-11-25T17:00:00Z') } });
  });

  it('says nothing for a project without tasks', () => {
    expect(summarizeProgress([], now)).toMatchObject({ percent: 0, late: 0, tasks: { total: 0 }, milestones: { total: 0, next: null } });
  });
});
