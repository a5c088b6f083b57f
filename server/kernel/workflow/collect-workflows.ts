import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config';
import { Workflow } from './workflow';

function findFiles(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? findFiles(full, suffix) : e.name.endsWith(suffix) ? [full] : [];
  });
}

/** Every workflow exported by a `server/modules/** /*.workflow.ts` file. */
export async function collectWorkflows(root = path.join(ROOT_DIR, 'server', 'modules')): Promise<Workflow<any>[]> {
  const found: Workflow<any>[] = [];
  for (const file of findFiles(root, '.workflow.ts').sort()) {
    const mod = await import(file);
    for (const value of Object.values(mod)) if (value instanceof Workflow) found.push(value);
  }
  return found;
}
