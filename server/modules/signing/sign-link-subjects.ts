import type { Db } from '../../kernel/db/sql';
import type { Mailer } from '../../kernel/mail';
import type { Workflow } from '../../kernel/workflow';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';

/** Renders the document as the PDF a link's signer reads (and whose SHA-256 his signature keeps). */
export type SignLinkPdf = (db: Db, tenantId: number, id: number) => Promise<Buffer>;

/**
 * A signed safety document whose outside companies sign by e-mailed link (docs/plan-sign-link.md).
 * The link rows live in `plan_sign_link` with `subject_type` = `subject.type`; the job, the mail,
 * the public pages `/sign/pdp/{token}` and the signing transaction read everything else here.
 */
export interface SignLinkSubject {
  subject: SigningSubject;
  workflow: Workflow<SigningWorkflowSubject>;
  /** Column of the document's number on `subject.table` (`pdp_number`, `pds_number`, `number`). */
  numberColumn: string;
  /** Column of its short title (`subject`, `nature_of_goods`, `nature_of_operations`). */
  titleColumn: string;
  /** Prefix of the texts of the pages and the mail: each key falls back to `plan-sign-link.<key>`. */
  texts: string;
  /** Module toggle that, off, makes every link of this type unknown. */
  toggle?: string;
  /** The mailer of the module area (tests read its `.sent()`). */
  mailer: () => Mailer;
  /** Route of the document's page (`{id}`), linked from the notices mailed to its internal signer. */
  pageRoute?: string;
  /** The document's PDF; without it (or until one is set with {@link setSignLinkPdf}) a summary sheet is printed. */
  renderPdf?: SignLinkPdf;
}

const SUBJECTS = new Map<string, SignLinkSubject>();
const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Makes a document type signable by link. The workflow listeners (`send_tiers`,
 * `send_tiers_amend` queue the links; `update`, `refuse` revoke them) come with it from
 * `signLinks` in `sign-link.listeners.ts`, whose extension point calls this at install.
 */
export function defineSignLinkSubject(s: SignLinkSubject): SignLinkSubject {
  for (const name of [s.numberColumn, s.titleColumn]) {
    if (!SQL_IDENTIFIER.test(name)) throw new Error(`Lien de signature « ${s.subject.type} » : identifiant SQL invalide « ${name} »`);
  }
  SUBJECTS.set(s.subject.type, s);
  return s;
}

/** The registered document type, or null (an unknown type: its links are unknown). */
export function signLinkSubject(type: string): SignLinkSubject | null {
  return SUBJECTS.get(type) ?? null;
}

/** Every registered type (the plan's first). */
export function signLinkSubjects(): SignLinkSubject[] {
  return [...SUBJECTS.values()];
}

/** Sets (or replaces) the PDF of a type registered earlier, e.g. once its PDF service exists. */
export function setSignLinkPdf(type: string, renderPdf: SignLinkPdf): void {
  const s = SUBJECTS.get(type);
  if (!s) throw new Error(`Lien de signature : type inconnu « ${type} »`);
  s.renderPdf = renderPdf;
}
