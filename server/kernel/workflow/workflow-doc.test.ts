import { sampleWorkflow } from '../../../tests/fixtures/sample-workflow';
import { defineWorkflow } from './workflow';
import { renderWorkflowsMarkdown } from './workflow-doc';

describe('renderWorkflowsMarkdown', () => {
  it('draws every source -> target pair, labelled with the transition', () => {
    const md = renderWorkflowsMarkdown([sampleWorkflow]);
    expect(md).toContain('```mermaid\nstateDiagram-v2\n    [*] --> draft\n');
    expect(md).toContain('    draft --> waiting_tiers : send_tiers');
    expect(md).toContain('    waiting_tiers --> draft : refuse');
    expect(md).toContain('    waiting_internal --> draft : refuse');
    expect(md).toContain('| `validate` | waiting_internal | in_operation | `sample.validate` | optional | non | — | règle | — |');
  });

  it('sorts workflows by name and aliases place names Mermaid would not accept', () => {
    const other = defineWorkflow({
      name: 'aaa', property: 'state', initial: 'to-do', places: ['to-do', 'done'], subjectTable: 't', subjectType: 't',
      transitions: { finish: { from: ['to-do'], to: 'done' } },
    });
    const md = renderWorkflowsMarkdown([sampleWorkflow, other]);
    expect(md.indexOf('## aaa')).toBeLessThan(md.indexOf('## sample'));
    expect(md).toContain('    state "to-do" as s_to_do');
    expect(md).toContain('    s_to_do --> done : finish');
  });
});
