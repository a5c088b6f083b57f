import type { AuthUser } from '../../kernel/rights/auth-user';
import type { SigningWorkflowSubject } from './signing-workflow';

/**
 * A signed safety document (prevention plan, security protocol, PPSPS) as the shared signing core
 * sees it: where its rows, companies and signatures live. Each module exports one.
 */
export interface SigningSubject {
  /** History `subject_type` and workflow subject type (`prevention_plan`, `security_protocol`, `ppsps`). */
  type: string;
  /** The document table: id, tenant_id, status, version, amendment_number, archived, created_by_id, deleted_at. */
  table: string;
  /** Column of the document's id in the company and signature tables (`plan_id`, `protocol_id`, `ppsps_id`). */
  fk: string;
  /** Companies of a document: id, tenant_id, <fk>, kind, name, contact_id, email, first_name, last_name. */
  companyTable: string;
  /** Signatures: plan_signature's columns with <fk> for plan_id. */
  signatureTable: string;
  /** Company kinds that must sign (the ST kind may depend on a toggle: see `requiredKinds`). */
  signingKinds: string[];
  /** Kinds signing only while the toggle `subcontractor_signature` is on (plans: ST). */
  toggledKinds?: string[];
  /** The user who signs internally (`ordering_customer_id`, `responsible_id`, `correspondent_id`). */
  internalSignerColumn: string;
  /** (tenant_id, <fk>, user_id) rows of the internal signer's substitutes. */
  substituteTable: string;
  /** Prefix of the named rights (`pdp`, `pds`, `ppsps`): `<prefix>.edit`, `.manage`, `.sign`. */
  rightPrefix: string;
  /**
   * Who edits the document (sends it for signature, changes its files), when the module's own
   * policy says it: the signing guards then ask the same rule as the module's pages. Without it,
   * the shared rule of {@link isEditor} applies.
   */
  mayEdit?: (user: AuthUser, document: SigningWorkflowSubject) => boolean;
}

const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Refuses a descriptor whose names could not be spliced into SQL safely (checked at load time). */
export function checkSigningSubject(s: SigningSubject): SigningSubject {
  for (const name of [s.table, s.fk, s.companyTable, s.signatureTable, s.internalSignerColumn, s.substituteTable]) {
    if (!SQL_IDENTIFIER.test(name)) throw new Error(`Sujet de signature « ${s.type} » : identifiant SQL invalide « ${name} »`);
  }
  return s;
}
