import type { Workflow } from './workflow';

const PLAIN_ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Mermaid state ids must be plain words; other place names get an alias. */
function stateId(place: string): string {
  return PLAIN_ID.test(place) ? place : `s_${place.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Guards are named functions, so the table says which rules apply. */
function names(rules: Array<(...args: never[]) => unknown> | undefined): string {
  return rules?.length ? rules.map((r) => r.name || 'règle').join(', ') : '—';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** One workflow: a `stateDiagram-v2` and a table of its transitions. */
export function renderWorkflowMarkdown(workflow: Workflow<any>): string {
  const def = workflow.definition;
  const lines: string[] = [`## ${def.name}`, '', `Sujet : \`${def.subjectType}\` (table \`${def.subjectTable}\`, propriété \`${def.property}\`).`, ''];
  lines.push('```mermaid', 'stateDiagram-v2');
  for (const place of def.places) {
    if (stateId(place) !== place) lines.push(`    state "${place}" as ${stateId(place)}`);
  }
  lines.push(`    [*] --> ${stateId(def.initial)}`);
  for (const name of workflow.transitionNames) {
    const t = def.transitions[name];
    for (const from of t.from) lines.push(`    ${stateId(from)} --> ${stateId(t.to)} : ${name}`);
  }
  lines.push('```', '');
  lines.push('| Transition | De | Vers | Droit | Commentaire | Signature | Champs requis | Gardes (bouton masqué) | Conditions (refus motivé) |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const name of workflow.transitionNames) {
    const t = def.transitions[name];
    lines.push(`| ${[
      `\`${name}\``,
      t.from.join(', '),
      t.to,
      t.right ? `\`${t.right}\`` : '—',
      t.comment ?? 'none',
      t.signature ? 'oui' : 'non',
      t.requires?.length ? t.requires.join(', ') : '—',
      names(t.guards),
      names(t.preconditions),
    ].map(cell).join(' | ')} |`);
  }
  lines.push('');
  return lines.join('\n');
}

/**
 * `docs/workflows.md`: one Mermaid diagram per workflow, generated from the definitions
 * (`npm run workflows:doc`), so the documented graph is the enforced one.
 */
export function renderWorkflowsMarkdown(workflows: Workflow<any>[]): string {
  const sorted = [...workflows].sort((a, b) => a.name.localeCompare(b.name));
  const head = [
    '# Workflows',
    '',
    '<!-- Généré par `npm run workflows:doc` à partir des définitions `*.workflow.ts` : ne pas modifier à la main. -->',
    '',
    ...sorted.map((w) => `- [${w.name}](#${w.name})`),
    '',
  ];
  return [...head, ...sorted.map(renderWorkflowMarkdown)].join('\n');
}
