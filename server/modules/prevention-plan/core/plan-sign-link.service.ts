import type { EntityManager } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import * as core from '../../signing/sign-link.service';

// The links themselves are the signing core's (server/modules/signing/sign-link.service.ts), for
// plans, protocols and PPSPS; these are the plan's names of its calls.
export { SIGN_LINK_JOB, SIGN_LINK_TTL_DAYS, signLinkStorage, sha256Hex, newSignToken } from '../../signing/sign-link.service';
export type { CompanyLinkStatus, FoundLink, LinkState, SignLinkJob } from '../../signing/sign-link.service';

/** Queues the sending of the plan's links for its current round, in the caller's transaction (workflow, relaunch, automatic amendment). */
export const queueSignLinks = (manager: EntityManager, tenantId: number, planId: number, opts: { userId?: number | null } = {}) =>
  core.queueDocumentSignLinks(manager, 'prevention_plan', tenantId, planId, opts);

/** Revokes every unused link of the plan. */
export const revokePlanLinks = (manager: EntityManager, tenantId: number, planId: number) => core.revokeDocumentLinks(manager, 'prevention_plan', tenantId, planId);

/** The companies a send would reach now: required, not signed this round, with an e-mail. */
export const pendingCompanies = (db: Db, tenantId: number, planId: number) => core.pendingDocumentCompanies(db, 'prevention_plan', tenantId, planId);

/** The last link mailed to each company of the plan in its current round, by plan_company id. */
export const companyLinkStatuses = (db: Db, tenantId: number, planId: number) => core.documentLinkStatuses(db, 'prevention_plan', tenantId, planId);
