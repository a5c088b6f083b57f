import type { AuthUser } from '../../kernel/rights/auth-user';
import { installModules } from '../../kernel/extension';
import { editableFields, mayPress, ownClosureRefusal } from './action-plan.policy';
import { actionPlanModule } from './action-plan.routes';

// The record rules are contributed by the module, installed at boot.
beforeAll(() => installModules([actionPlanModule]));

const user = (id: number, rights: string[]): AuthUser => ({
  id, username: `u${id}`, firstName: '', lastName: '', email: '', locale: 'fr', tenantId: 1, tenants: [], roles: [], rights: new Set(rights), lastLoginAt: null,
});
const action = (status: string) => ({ status, creatorId: 1, assigneeId: 2, hierarchyItemId: null, serviceId: null });

describe('action record rules', () => {
  const creator = user(1, ['action.view', 'action.add']);
  const assignee = user(2, ['action.view', 'action.close_assigned']);

  it('leaves only the efficiency synthesis editable once closed, and nothing once abandoned', () => {
    expect([...editableFields(assignee, action('CLOSED'))]).toEqual(['efficiencySynthesis']);
    expect([...editableFields(creator, action('CLOSED'))]).toEqual([]);
    expect([...editableFields(assignee, action('ABANDONED'))]).toEqual([]);
  });

  it('lets the creator define the action and the assignee explain the resolution', () => {
    expect(editableFields(creator, action('DRAFT'))).toEqual(new Set(['comments', 'complement', 'immediate', 'level', 'deadline', 'attachmentFile1', 'attachmentFile2', 'hierarchyItem', 'service', 'assignee', 'abandonExplanation', 'abandonFile']));
    expect(editableFields(assignee, action('IN_PROGRESS'))).toEqual(new Set(['resolutionExplanation', 'efficiencySynthesis', 'closureDate', 'closeFile', 'newAction', 'abandonExplanation', 'abandonFile']));
  });

  it('says who may press which button', () => {
    expect(mayPress(assignee, 'take_into_account', action('WAITING'))).toBe(true);
    expect(mayPress(creator, 'take_into_account', action('WAITING'))).toBe(false);
    expect(mayPress(creator, 'waiting', action('DRAFT'))).toBe(true);
    expect(mayPress(creator, 'waiting', action('PROCESSED'))).toBe(true);
    expect(mayPress(assignee, 'waiting', action('PROCESSED'))).toBe(true); // closes its own, so may send it back
    expect(mayPress(user(3, ['action.view']), 'abandon', action('WAITING'))).toBe(false);
  });

  it('keeps action.close for the actions of others: the assignee closes their own only with action.close_assigned', () => {
    const closerAssigned = user(2, ['action.view', 'action.close']);
    expect(mayPress(closerAssigned, 'close', action('PROCESSED'))).toBe(false);
    expect(ownClosureRefusal(closerAssigned, action('PROCESSED'))).toBe('action-plan.duties.own_close');
    expect(mayPress(assignee, 'close', action('PROCESSED'))).toBe(true);
    expect(ownClosureRefusal(assignee, action('PROCESSED'))).toBeNull();
    const both = user(2, ['action.view', 'action.close', 'action.close_assigned']);
    expect(ownClosureRefusal(both, action('PROCESSED'))).toBeNull();
    // The creator holding action.close closes the action someone else worked on.
    const creatorCloser = user(1, ['action.view', 'action.close']);
    expect(mayPress(creatorCloser, 'close', action('PROCESSED'))).toBe(true);
    expect(ownClosureRefusal(creatorCloser, action('PROCESSED'))).toBeNull();
  });
});
