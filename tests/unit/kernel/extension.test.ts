import { contribute, extensionPoint, installModules } from '../../../server/kernel/extension';
import { defineModule } from '../../../server/kernel/module';

/** Declared registration (issue 22, item 3): modules declare what they add; the kernel adds it once. */
describe('installModules', () => {
  function recorder(name: string) {
    const added: string[] = [];
    return { added, point: extensionPoint<string>(name, (item) => added.push(item)) };
  }

  it('adds each contribution once per process, however many times it is called', () => {
    const tabs = recorder('test.tabs');
    const a = defineModule({ name: 'a', routes: [], contributes: [contribute(tabs.point, 'one', 'two')] });
    installModules([a]);
    installModules([a]);
    installModules([a, a]);
    expect(tabs.added).toEqual(['one', 'two']);
  });

  it('adds in module order, then in declaration order', () => {
    const log: string[] = [];
    const tabs = extensionPoint<string>('test.tabs', (item) => log.push(`tab ${item}`));
    const cards = extensionPoint<string>('test.cards', (item) => log.push(`card ${item}`));
    const first = defineModule({ name: 'first', routes: [], contributes: [contribute(cards, 'c1'), contribute(tabs, 't1', 't2')] });
    const second = defineModule({ name: 'second', routes: [], contributes: [contribute(tabs, 't3'), contribute(cards, 'c2')] });
    installModules([first, second]);
    expect(log).toEqual(['card c1', 'tab t1', 'tab t2', 'tab t3', 'card c2']);
  });

  it('adds a module given later, and nothing twice of those already installed', () => {
    const points = recorder('test.points');
    const shared = contribute(points.point, 'shared');
    const a = defineModule({ name: 'a', routes: [], contributes: [shared] });
    const b = defineModule({ name: 'b', routes: [], contributes: [shared, contribute(points.point, 'b')] });
    installModules([a]);
    installModules([a, b]);
    expect(points.added).toEqual(['shared', 'b']);
  });

  it('leaves a module without contributions alone', () => {
    expect(() => installModules([defineModule({ name: 'empty', routes: [] })])).not.toThrow();
  });
});
