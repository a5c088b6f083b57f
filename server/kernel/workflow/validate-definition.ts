import type { WorkflowDefinition } from './workflow.types';

const NAME = /^[a-z][a-z0-9_]*$/;
const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Refuses a malformed definition at load time (unknown places, empty `from`, bad names), so a
 * typo in a state machine stops the boot instead of surfacing as a dead button.
 */
export function validateDefinition(def: WorkflowDefinition<any>): void {
  const where = `Workflow « ${def.name} »`;
  if (!NAME.test(def.name)) throw new Error(`${where} : nom invalide (snake_case attendu)`);
  if (!def.property) throw new Error(`${where} : propriété d'état manquante`);
  if (!SQL_IDENTIFIER.test(def.subjectTable)) throw new Error(`${where} : table « ${def.subjectTable} » invalide`);
  if (def.column !== undefined && !SQL_IDENTIFIER.test(def.column)) throw new Error(`${where} : colonne « ${def.column} » invalide`);
  if (!def.subjectType) throw new Error(`${where} : subjectType manquant`);
  if (def.places.length === 0) throw new Error(`${where} : aucun état`);
  const places = new Set(def.places);
  if (places.size !== def.places.length) throw new Error(`${where} : état en double`);
  if (!places.has(def.initial)) throw new Error(`${where} : état initial « ${def.initial} » inconnu`);
  for (const key of Object.keys(def.labels ?? {})) {
    if (!places.has(key)) throw new Error(`${where} : libellé pour un état inconnu « ${key} »`);
  }
  const names = Object.keys(def.transitions);
  if (names.length === 0) throw new Error(`${where} : aucune transition`);
  for (const name of names) {
    const t = def.transitions[name];
    const at = `${where}, transition « ${name} »`;
    // '*' is reserved for listeners of every transition.
    if (!NAME.test(name)) throw new Error(`${at} : nom invalide (snake_case attendu)`);
    if (!t.from || t.from.length === 0) throw new Error(`${at} : aucun état de départ`);
    for (const from of t.from) if (!places.has(from)) throw new Error(`${at} : état de départ inconnu « ${from} »`);
    if (!places.has(t.to)) throw new Error(`${at} : état d'arrivée inconnu « ${t.to} »`);
    if (t.comment !== undefined && !['none', 'optional', 'required'].includes(t.comment)) {
      throw new Error(`${at} : mode de commentaire « ${String(t.comment)} » invalide`);
    }
  }
}
