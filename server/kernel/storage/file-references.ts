import { extensionPoint } from '../extension';

/**
 * A reference to stored files that is not a foreign key (a JSON value, a column kept without
 * one): a `SELECT` whose `file_id` column lists the ids it uses. Foreign keys to `stored_file`
 * are found in the catalogue; only these need declaring.
 */
export interface FileReference {
  /** `table.column`, as the catalogue would name it. */
  name: string;
  sql: string;
}

const references = new Map<string, FileReference>();

/** Declares a reference: the reconciliation never removes a file it lists. */
export function registerFileReference(ref: FileReference): void {
  references.set(ref.name, ref);
}

/** The file references: a module contributes its own (`contribute(fileReferences, { name, sql })`). */
export const fileReferences = extensionPoint<FileReference>('storage:file_references', registerFileReference);

/** The declared references. */
export function registeredFileReferences(): FileReference[] {
  return [...references.values()];
}
