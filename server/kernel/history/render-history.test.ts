import type { HistoryView } from './history.service';
import { renderHistory } from './render-history';

const t = (key: string) => `«${key}»`;

function entry(extra: Partial<HistoryView> = {}): HistoryView {
  return {
    id: 7, createdAt: new Date('2026-11-22T13:05:00Z'), userId: 3, userName: 'Camille Martin', workflow: 'sample', transition: 'refuse',
    actionLabel: 'workflow.sample.transitions.refuse', from: 'waiting_tiers', to: 'draft',
    fromLabel: 'workflow.sample.places.waiting_tiers', toLabel: 'workflow.sample.places.draft',
    comment: 'Manque <b>le</b> plan', signature: null, ...extra,
  };
}

describe('renderHistory', () => {
  it('shows date (Paris time), user, action, from -> to badges and the escaped comment', async () => {
    const html = await renderHistory({ entries: [entry()], t });
    expect(html).toContain('22/11/2026 14:05');
    expect(html).toContain('Camille Martin');
    expect(html).toContain('«workflow.sample.transitions.refuse»');
    expect(html).toMatch(/«workflow\.sample\.places\.waiting_tiers»<\/span>[\s\S]*bi-arrow-right[\s\S]*«workflow\.sample\.places\.draft»/);
    expect(html).toContain('Manque &lt;b&gt;le&lt;/b&gt; plan');
    expect(html).not.toContain('«history.empty»');
  });

  it('shows the empty state when there is no entry', async () => {
    const html = await renderHistory({ entries: [], t });
    expect(html).toContain('«history.empty»');
    expect(html).not.toContain('<table');
  });
});
