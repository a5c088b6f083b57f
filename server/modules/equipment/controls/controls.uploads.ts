import { loadConfig } from '../../../kernel/config';
import { createStorage } from '../../../kernel/storage';
import { uploadFiles } from '../../../kernel/uploads';

/** The storage of the controls' modus operandi files. */
export const storage = createStorage(loadConfig());

/** The modus operandi file (`modusOperandiFile`), 20 MB at most, documents and images. */
export const parseModusFile = uploadFiles({ storage, field: 'modusOperandiFile', maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: ['pdf', 'docx', 'odt', 'xlsx', 'png', 'jpg', 'jpeg'] });
