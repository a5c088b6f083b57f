import { loadConfig } from '../../../kernel/config';
import { createStorage, type Storage } from '../../../kernel/storage';

/** The storage of the machines' photos (read again by the slip's PDF). */
export const lockoutStorage: Storage = createStorage(loadConfig());
