import { rowsOf, type Db } from '../../kernel/db/sql';
import { storedImageDataUrl } from '../../kernel/storage';
import { storage } from './hierarchy.uploads';

/** A logo heavier than this is left out of printed documents (it would bloat every PDF). */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The company logo printed on a document, as a data URL: the logo of `itemId` or of its nearest
 * ancestor that has one (an entity's logo, else its company's, up to the root); without an item,
 * the logo of the first root item that has one. Null when there is none (the PDF then shows the
 * company name alone). Logos are uploaded on the hierarchy items (Administration › Hiérarchie).
 */
export async function hierarchyLogoDataUrl(db: Db, tenantId: number, itemId: number | null): Promise<string | null> {
  const [row] = rowsOf<{ fileId: number }>(await db.query(
    itemId
      ? `WITH RECURSIVE up AS (
           SELECT id, parent_id, logo_file_id, 0 AS depth FROM hierarchy_item WHERE id = $2 AND tenant_id = $1
           UNION ALL
           SELECT h.id, h.parent_id, h.logo_file_id, up.depth + 1 FROM hierarchy_item h JOIN up ON h.id = up.parent_id
            WHERE h.tenant_id = $1 AND up.depth < 20)
         SELECT logo_file_id AS "fileId" FROM up WHERE logo_file_id IS NOT NULL ORDER BY depth LIMIT 1`
      : `SELECT logo_file_id AS "fileId" FROM hierarchy_item WHERE tenant_id = $1 AND parent_id IS NULL AND deleted_at IS NULL AND logo_file_id IS NOT NULL ORDER BY id LIMIT 1`,
    itemId ? [tenantId, itemId] : [tenantId]));
  return row ? storedImageDataUrl(db, storage, tenantId, row.fileId, MAX_LOGO_BYTES) : null;
}
