import type { DataSource, EntityManager } from 'typeorm';
import { COMMON_BLOCKS, KIND_BLOCKS, type CommonBlock, type EventKind } from './event.kinds';
import { findEventType, type EventTypeRow } from './event-type.service';
import { findConstructionSurvey } from './event-questionnaire';

type Db = DataSource | EntityManager;

/** What the form and the show page of an event draw: its kind, its custom type, its blocks and questionnaire. */
export interface EventDefinition {
  kind: EventKind;
  /** The custom type (kind `custom`). */
  eventType: EventTypeRow | null;
  /** The common blocks shown. */
  blocks: ReadonlySet<CommonBlock>;
  /** The questionnaire filled with the event (custom type's, construction-site survey), if any. */
  questionnaireId: number | null;
}

/** The blocks a custom type shows, from its toggles. */
export function typeBlocks(type: EventTypeRow): Set<CommonBlock> {
  const on: Record<CommonBlock, boolean> = {
    service: type.showService, supervisor: type.showSupervisor, collaborators: type.showCollaborators, performers: type.showPerformers,
    domains: type.showDomains, observations: type.showObservations, files: type.showFiles, confidential: type.showConfidential,
  };
  return new Set(COMMON_BLOCKS.filter((b) => on[b]));
}

/**
 * The definition of a new event of `kind`: `typeId` is the active custom type for `custom`, the
 * construction-site survey for `construction_site` (0: the company's first one). Null when the
 * type or survey is not the company's (the caller answers 404).
 */
export async function newEventDefinition(db: Db, tenantId: number, kind: EventKind, typeId: number): Promise<EventDefinition | null> {
  if (kind === 'custom') {
    const type = await findEventType(db, tenantId, typeId);
    if (!type || !type.active) return null;
    return { kind, eventType: type, blocks: typeBlocks(type), questionnaireId: type.questionnaireId };
  }
  if (kind === 'construction_site') {
    const survey = await findConstructionSurvey(db, tenantId, typeId);
    if (!survey) return null;
    return { kind, eventType: null, blocks: new Set(KIND_BLOCKS.construction_site), questionnaireId: survey };
  }
  if (typeId !== 0) return null;
  return { kind, eventType: null, blocks: new Set(KIND_BLOCKS[kind]), questionnaireId: null };
}

/** The definition of a recorded event (its type is found even when retired since). */
export async function eventDefinition(db: Db, tenantId: number, event: { kind: string; eventTypeId: number | null; questionnaireId: number | null }): Promise<EventDefinition> {
  const kind = event.kind as EventKind;
  if (kind === 'custom') {
    const type = event.eventTypeId ? await findEventType(db, tenantId, event.eventTypeId, { withRetired: true }) : null;
    return { kind, eventType: type, blocks: type ? typeBlocks(type) : new Set(COMMON_BLOCKS), questionnaireId: event.questionnaireId };
  }
  return { kind, eventType: null, blocks: new Set(KIND_BLOCKS[kind]), questionnaireId: event.questionnaireId };
}
