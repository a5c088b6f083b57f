/** The kinds of event of seed 002 §3 ("kind"), in the order of the "add" menu. */
export const EVENT_KINDS = ['generic', 'at', 'qhp', 'rex', 'vms', 'audit', 'construction_site', 'custom'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Kinds a user adds without choosing a definition first (construction-site visits need a survey, custom events a type). */
export const SIMPLE_KINDS = ['generic', 'at', 'qhp', 'rex', 'vms', 'audit'] as const satisfies readonly EventKind[];

/** Event statuses (seed 002 §4). */
export const EVENT_STATUSES = ['DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR', 'CLOSED', 'ABANDONED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Types of safety visit ("vms"); VEHICLE shows the vehicle fields (seed 000 "V2 safety event"). */
export const VISIT_TYPES = ['COLLABORATOR', 'AGENCY', 'VEHICLE'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** Observations of a safety visit and findings of an audit: one table, the kind tells them apart. */
export const VISIT_OBSERVATION_KINDS = ['positive_point', 'dangerous_act', 'hazardous_condition'] as const;
export const AUDIT_FINDING_KINDS = ['strong_point', 'non_conformity', 'sensitive_point', 'improvement'] as const;
export const FINDING_KINDS = [...VISIT_OBSERVATION_KINDS, ...AUDIT_FINDING_KINDS] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/**
 * Risk perception codes of a visit observation (seed 002 §3 gives only the codes; meaning is ours,
 * see docs/event.md): how well the people observed perceive the risk.
 * PF faible, PP partielle, PS satisfaisante, NC non concerné.
 */
export const RISK_PERCEPTION_CODES = ['PF', 'PP', 'PS', 'NC'] as const;
export type RiskPerceptionCode = (typeof RISK_PERCEPTION_CODES)[number];

/** The common blocks of the event form that a kind (or a custom type's toggles) shows. */
export const COMMON_BLOCKS = ['service', 'supervisor', 'collaborators', 'performers', 'domains', 'observations', 'files', 'confidential'] as const;
export type CommonBlock = (typeof COMMON_BLOCKS)[number];

/** Which common blocks each built-in kind shows; custom types choose theirs. */
export const KIND_BLOCKS: Record<Exclude<EventKind, 'custom'>, readonly CommonBlock[]> = {
  generic: COMMON_BLOCKS,
  at: COMMON_BLOCKS,
  qhp: ['service', 'supervisor', 'collaborators', 'performers', 'domains', 'observations', 'files'],
  rex: COMMON_BLOCKS,
  vms: COMMON_BLOCKS,
  audit: COMMON_BLOCKS,
  construction_site: ['service', 'supervisor', 'collaborators', 'performers', 'domains', 'observations', 'files'],
};

/** Finding kinds offered on an event of `kind` (none for the others). */
export function findingKindsOf(kind: string): readonly FindingKind[] {
  if (kind === 'vms') return VISIT_OBSERVATION_KINDS;
  if (kind === 'audit') return AUDIT_FINDING_KINDS;
  return [];
}

/** Bootstrap colour of a status badge. */
export const STATUS_COLORS: Record<EventStatus, string> = {
  DRAFT: 'secondary',
  IN_PROGRESS: 'primary',
  WAITING_SUPERVISOR: 'warning',
  CLOSED: 'success',
  ABANDONED: 'dark',
};

export const isEventKind = (v: unknown): v is EventKind => typeof v === 'string' && (EVENT_KINDS as readonly string[]).includes(v);
