import { firstGroupOf, groupDefaults, isFrenchDate, needsComment, unanswered } from './model';
import type { Group } from './types';

const answers = (id: number) => [
  { id: id * 10 + 1, label: 'Conforme', conforming: true, color: '#198754', createsAction: false, level: null, actionDelayDays: null },
  { id: id * 10 + 2, label: 'Non conforme', conforming: false, color: '#dc3545', createsAction: true, level: 3, actionDelayDays: 30 },
  { id: id * 10 + 3, label: 'Sans objet', conforming: null, color: null, createsAction: false, level: null, actionDelayDays: null },
];
const groups: Group[] = [
  { id: 1, name: 'A', validateUrl: '/a', checkpoints: [{ id: 1, label: 'un', answers: answers(1) }, { id: 2, label: 'deux', answers: answers(2) }] },
  { id: 2, name: 'B', validateUrl: '/b', checkpoints: [{ id: 3, label: 'trois', answers: answers(3) }] },
];

describe('the control island model', () => {
  it('lists unanswered checkpoints and the first group holding one', () => {
    const values = { q1: { answerId: '11', comment: '' }, q2: { answerId: '', comment: '' } };
    expect(unanswered(groups, values)).toEqual([2, 3]);
    expect(firstGroupOf(groups, [3])?.id).toBe(2);
    expect(firstGroupOf(groups, [])).toBeNull();
  });

  it('validates a group with the conforming answers, keeping the answers given', () => {
    expect(groupDefaults(groups[0], { q1: { answerId: '12', comment: 'usé' } })).toEqual({ q2: { answerId: '21', comment: '' } });
  });

  it('reveals the comment for a non-conforming answer only', () => {
    const c = groups[0].checkpoints[0];
    expect(needsComment(c, { answerId: '12', comment: '' })).toBe(true);
    expect(needsComment(c, { answerId: '11', comment: '' })).toBe(false);
    expect(needsComment(c, { answerId: '13', comment: '' })).toBe(false);
    expect(needsComment(c, undefined)).toBe(false);
  });

  it('reads DD/MM/YYYY dates strictly', () => {
    expect(isFrenchDate('29/02/2028')).toBe(true);
    expect(isFrenchDate('29/02/2027')).toBe(false);
    expect(isFrenchDate('2027-02-01')).toBe(false);
  });
});
