import type { DataSource, EntityManager } from 'typeorm';
import { extensionPoint } from '../../kernel/extension';
import type { AuthUser } from '../../kernel/rights/auth-user';

/** What a source module says about one of its records, for an action linked to it. */
export interface ActionSourceInfo {
  /** Shown next to the action, e.g. "Événement n°12 – Chute de plain-pied". */
  label: string;
  /** Page of the source record (built with the route table). */
  url: string;
  /** Scope given to an action added from this source. */
  hierarchyItemId?: number | null;
  serviceId?: number | null;
}

/**
 * A kind of record actions can be linked to (event, risk evaluation, control, inspection ...).
 * `describe` answers null when the record does not exist in the company (then: 404).
 */
export interface ActionSourceDef {
  type: string;
  /** Translation key of the kind, e.g. `event.source_label`. */
  labelKey: string;
  /** The record's label (in `locale`), page and scope; null when it is not in the company. */
  describe(em: EntityManager | DataSource, tenantId: number, id: number, locale: string): Promise<ActionSourceInfo | null>;
  /**
   * Whether `user` sees the record under its own module's rules: only then may they add an
   * action from it (the quick-add form shows the record's label and takes its scope).
   */
  sees(em: EntityManager | DataSource, user: AuthUser, id: number): Promise<boolean>;
}

const sources = new Map<string, ActionSourceDef>();

/** Declares a source kind (the event module registers type `event`); registering a type again replaces it. */
export function registerActionSource(def: ActionSourceDef): void {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(def.type)) throw new Error(`Type de source d'action invalide : ${def.type}`);
  sources.set(def.type, def);
}

/** The kinds of record actions link to: a module contributes its own (`contribute(actionSourceKinds, def)`). */
export const actionSourceKinds = extensionPoint<ActionSourceDef>('action-plan:sources', registerActionSource);

/** The source kind `type`, if declared. */
export function actionSource(type: string | null | undefined): ActionSourceDef | undefined {
  return type ? sources.get(type) : undefined;
}

/** Every declared source kind, in declaration order. */
export function actionSources(): ActionSourceDef[] {
  return [...sources.values()];
}

/** Describes a linked record in `locale`; null when its kind is unknown or the record is gone. */
export async function describeSource(db: EntityManager | DataSource, tenantId: number, type: string | null, id: number | null, locale = 'fr'): Promise<ActionSourceInfo | null> {
  const def = actionSource(type);
  if (!def || id == null) return null;
  try {
    return await def.describe(db, tenantId, id, locale);
  } catch (err) {
    // A source module failing must not hide the action itself.
    console.error(`[action-plan] source ${type} ${id} illisible`, err);
    return null;
  }
}
