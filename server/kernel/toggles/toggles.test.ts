import { withDependencies } from './toggles';

describe('feature toggles', () => {
  it('switching events on brings the action plan it depends on', () => {
    expect(withDependencies('module_events')).toEqual(['module_events', 'module_action_plan']);
    expect(withDependencies('calendar')).toEqual(['calendar']);
  });
});
