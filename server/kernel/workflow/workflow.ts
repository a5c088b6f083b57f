import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../rights/auth-user';
import { applyTransition, loadWorkflowSubject, type SubjectRef } from './apply-transition';
import { checkTransition, transitionBlockers } from './check-transition';
import { validateDefinition } from './validate-definition';
import { contribute, extensionPoint, type Contribution, type ExtensionPoint } from '../extension';
import type {
  ApplyOptions, ApplyResult, CanResult, StateRef, TransitionListener, TransitionView, WorkflowDefinition, WorkflowSubject,
} from './workflow.types';

/** A side effect of a transition declared as data: `run` after each `on` transition (`'*'`: every one). */
export interface WorkflowListener {
  on: string;
  run: TransitionListener;
}

/** A state machine defined as data, with the operations handlers and templates use. */
export class Workflow<S extends object = WorkflowSubject> {
  private readonly byTransition = new Map<string, TransitionListener[]>();

  /**
   * The workflow's listeners as an extension point: a module contributes its side effects
   * (`listener(workflow, 'waiting', fn)`), added in module then declaration order.
   */
  readonly listeners: ExtensionPoint<WorkflowListener>;

  constructor(readonly definition: Readonly<WorkflowDefinition<S>>) {
    this.listeners = extensionPoint(`workflow:${definition.name}:listeners`, (l) => { this.on(l.on, l.run); });
  }

  get name(): string { return this.definition.name; }

  /** Names of the transitions, in definition order. */
  get transitionNames(): string[] { return Object.keys(this.definition.transitions); }

  /** Translation key of a place's label. */
  placeLabel(place: string): string {
    return this.definition.labels?.[place] ?? `workflow.${this.definition.name}.places.${place}`;
  }

  /** The subject's current state, as `{ name, label }` (label is a translation key). */
  state(subject: S): StateRef {
    const name = String((subject as WorkflowSubject)[this.definition.property] ?? '');
    return { name, label: this.placeLabel(name) };
  }

  /** Display metadata of one transition (whatever the subject). */
  describe(name: string): TransitionView {
    const t = this.definition.transitions[name];
    if (!t) throw new Error(`Workflow « ${this.name} » : transition inconnue « ${name} »`);
    return {
      name,
      from: [...t.from],
      to: t.to,
      label: t.label ?? `workflow.${this.definition.name}.transitions.${name}`,
      right: t.right,
      comment: t.comment ?? 'none',
      signature: t.signature ?? false,
      confirm: t.confirm,
      style: t.style ?? 'outline-primary',
      requires: [...(t.requires ?? [])],
      blockedBy: [],
    };
  }

  /**
   * The transitions `user` may press now on `subject`: from-state, right (with its policy) and
   * guards pass. Each carries the preconditions it fails now (`blockedBy`, the rules `apply`
   * runs), so the button is shown blocked with its reasons before the click; required fields and
   * the comment are checked when applying.
   */
  transitions(subject: S, user: AuthUser): TransitionView[] {
    return this.transitionNames
      .filter((name) => checkTransition(this.definition, subject as WorkflowSubject, name, user, { requires: false }).ok)
      .map((name) => ({ ...this.describe(name), blockedBy: transitionBlockers(this.definition, subject as WorkflowSubject, name, user) }));
  }

  /** May `user` apply `name` to `subject` now (required fields included, comment not yet known)? */
  can(subject: S, name: string, user: AuthUser): CanResult {
    return checkTransition(this.definition, subject as WorkflowSubject, name, user, { requires: true });
  }

  /**
   * Registers a side effect of a transition (or of every one with `'*'`). Listeners run in the
   * transaction of the transition, in registration order; returns a function that removes it.
   */
  on(transition: string, listener: TransitionListener): () => void {
    if (transition !== '*' && !this.definition.transitions[transition]) {
      throw new Error(`Workflow « ${this.name} » : écouteur sur une transition inconnue « ${transition} »`);
    }
    const list = this.byTransition.get(transition) ?? [];
    list.push(listener);
    this.byTransition.set(transition, list);
    return () => {
      const i = list.indexOf(listener);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Listeners to run for a transition: its own, then the `'*'` ones. */
  listenersOf(transition: string): TransitionListener[] {
    return [...(this.byTransition.get(transition) ?? []), ...(this.byTransition.get('*') ?? [])];
  }

  /** The subject `ref` read and enriched as guards see it (null when not in the tenant). */
  load(db: DataSource | EntityManager, ref: SubjectRef): Promise<S | null> {
    return loadWorkflowSubject(this as unknown as Workflow, db, ref) as Promise<S | null>;
  }

  /**
   * Applies a transition in one transaction: row lock (scoped by tenant), checks, state change,
   * history row, listeners. Given an EntityManager already in a transaction, joins it.
   */
  apply(db: DataSource | EntityManager, ref: SubjectRef, name: string, opts: ApplyOptions): Promise<ApplyResult<S>> {
    // The subject is read from the row, in the entity's property names: S by construction.
    return applyTransition(this as unknown as Workflow, db, ref, name, opts) as Promise<ApplyResult<S>>;
  }
}

/**
 * Declares one side effect of `workflow`'s transition `on` (`'*'`: every transition), for a
 * module's `contributes`; a listener file exports one such declaration.
 */
export function listener<S extends object>(workflow: Workflow<S>, on: string, run: TransitionListener): Contribution {
  return contribute(workflow.listeners, { on, run });
}

/**
 * Declares a workflow. The definition is checked now (unknown places, empty `from` ... throw),
 * so a broken state machine fails at boot.
 */
export function defineWorkflow<S extends object = WorkflowSubject>(definition: WorkflowDefinition<S>): Workflow<S> {
  validateDefinition(definition);
  return new Workflow<S>(definition);
}
