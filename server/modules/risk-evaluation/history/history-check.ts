import type { Db } from '../../../kernel/db/sql';
import { readAll, StorageNotFoundError, type Storage } from '../../../kernel/storage';
import { openStoredFile } from '../../../kernel/storage/send-stored-file';
import { chainHash, historyStorage, sha256 } from './history.service';

/** What can be wrong with a version. */
export type ChainProblemKind = 'pdf_missing' | 'pdf_altered' | 'data_altered' | 'hash_altered' | 'chain_broken' | 'number_gap';

/** A problem found in a version. */
export interface ChainProblem { versionId: number; tenantId: number; entityId: number; number: number; kind: ChainProblemKind; message: string }

/** The outcome of a check. */
export interface ChainReport { versions: number; problems: ChainProblem[] }

const MESSAGES: Record<ChainProblemKind, string> = {
  pdf_missing: 'le PDF enregistré est introuvable dans le stockage',
  pdf_altered: 'le PDF enregistré ne correspond plus à son empreinte SHA-256',
  data_altered: 'les données gelées ne correspondent plus à leur empreinte SHA-256',
  hash_altered: "l'empreinte de la version ne correspond plus à son PDF, ses données et la version précédente",
  chain_broken: "l'empreinte de la version précédente ne correspond pas",
  number_gap: 'une version manque avant celle-ci',
};

async function storedPdf(storage: Storage, file: { id: number; storageKey: string; tmpKey: string | null }): Promise<Buffer | null> {
  try {
    return await readAll(await openStoredFile(storage, file));
  } catch (err) {
    if (err instanceof StorageNotFoundError || (err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/**
 * Verifies the signed history (issue 23 item 5), entity by entity in number order: each stored PDF
 * still has its SHA-256, each version's data its SHA-256, each version's hash covers its PDF, its
 * data and the previous version's hash, and no version is missing. `tenantId` limits it to a company.
 */
export async function verifyHistory(db: Db, opts: { tenantId?: number; storage?: Storage } = {}): Promise<ChainReport> {
  const storage = opts.storage ?? historyStorage;
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT v.id, v.tenant_id, v.hierarchy_item_id, v.number, v.pdf_sha256, v.data, v.data_sha256, v.previous_hash, v.hash,
            f.id AS file_id, f.storage_key, f.tmp_key
       FROM du_history_version v LEFT JOIN stored_file f ON f.id = v.pdf_file_id
      WHERE ($1::int IS NULL OR v.tenant_id = $1)
      ORDER BY v.tenant_id, v.hierarchy_item_id, v.number`, [opts.tenantId ?? null]);
  const problems: ChainProblem[] = [];
  let previous: Record<string, any> | null = null;
  for (const v of rows) {
    const sameEntity = previous && previous.tenant_id === v.tenant_id && previous.hierarchy_item_id === v.hierarchy_item_id;
    const before = sameEntity ? previous : null;
    const flag = (kind: ChainProblemKind) => problems.push({
      versionId: Number(v.id), tenantId: Number(v.tenant_id), entityId: Number(v.hierarchy_item_id), number: Number(v.number), kind,
      message: `Version ${v.number} (n° ${v.id}) du document unique de l'entité ${v.hierarchy_item_id}, société ${v.tenant_id} : ${MESSAGES[kind]}.`,
    });
    if (Number(v.number) !== (before ? Number(before.number) + 1 : 1)) flag('number_gap');
    if ((v.previous_hash ?? null) !== (before ? before.hash : null)) flag('chain_broken');
    if (sha256(v.data) !== v.data_sha256) flag('data_altered');
    if (chainHash(v.pdf_sha256, v.previous_hash, v.data_sha256) !== v.hash) flag('hash_altered');
    const pdf = v.file_id ? await storedPdf(storage, { id: Number(v.file_id), storageKey: v.storage_key, tmpKey: v.tmp_key }) : null;
    if (!pdf) flag('pdf_missing');
    else if (sha256(pdf) !== v.pdf_sha256) flag('pdf_altered');
    previous = v;
  }
  return { versions: rows.length, problems };
}
