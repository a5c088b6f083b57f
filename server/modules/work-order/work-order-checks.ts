import type { Db } from '../../kernel/db/sql';
import type { ExtensionPoint } from '../../kernel/extension';

/** One choice of the « Machine » field of a work order or a permit. */
export interface MachineChoice { id: number; label: string }

/** Why validation is refused now: a translation key and its parameters. */
export interface WorkRefusal { key: string; params?: Record<string, unknown> }

/** What a rule before validation reads: the company and the machine chosen on the form (null: none). */
export interface WorkTarget { tenantId: number; machineId: number | null }

/**
 * A rule another module adds before a work order or a permit is validated (the lockout module:
 * « the machine must be locked out first »). `machines`, when given, supplies the choices of the
 * optional « Machine » field: the field is shown only when a contributed rule offers them, so
 * the work order and permit modules never read another module's tables.
 */
export interface WorkCheck {
  name: string;
  /** The company's machines, or null when they are not offered to this company (its option is off). */
  machines?: (db: Db, tenantId: number) => Promise<MachineChoice[] | null>;
  check: (db: Db, target: WorkTarget) => Promise<WorkRefusal | null>;
}

/** An extension point of rules before validation, with what its owner asks of them. */
export interface WorkChecks extends ExtensionPoint<WorkCheck> {
  /** The choices of the « Machine » field, or null when no contributed rule offers machines (the field is hidden). */
  machineChoices(db: Db, tenantId: number): Promise<MachineChoice[] | null>;
  /** Every refusal of the contributed rules, in installation order (empty: validation may go ahead). */
  refusals(db: Db, target: WorkTarget): Promise<WorkRefusal[]>;
}

/**
 * Makes the extension point `name` of rules before validation (`work-order:checks`,
 * `permit:checks`); a second rule with the same name is a programming error.
 */
export function workChecks(name: string): WorkChecks {
  const rules = new Map<string, WorkCheck>();
  return {
    name,
    add(rule) {
      if (rules.has(rule.name)) throw new Error(`Règle avant validation déjà déclarée (${name}) : ${rule.name}`);
      rules.set(rule.name, rule);
    },
    async machineChoices(db, tenantId) {
      const source = [...rules.values()].find((r) => r.machines);
      return source?.machines ? source.machines(db, tenantId) : null;
    },
    async refusals(db, target) {
      const found: WorkRefusal[] = [];
      for (const rule of rules.values()) {
        const refusal = await rule.check(db, target);
        if (refusal) found.push(refusal);
      }
      return found;
    },
  };
}

/** The rules a work order passes before `validate` (filled by other modules' `contributes`). */
export const workOrderChecks = workChecks('work-order:checks');

/** The parameters of refusals by key, as the workflow reply and the buttons read them (`refusalParams`). */
export function paramsByKey(refusals: WorkRefusal[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(refusals.filter((r) => r.params).map((r) => [r.key, r.params!]));
}
