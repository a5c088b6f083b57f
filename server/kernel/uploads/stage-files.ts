import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Request, Response } from 'express';
import { HttpError } from '../http/errors';
import { readMultipart, type MultipartFile, type MultipartProgress } from '../http/multipart';
import { tmpKey } from '../storage/keys';
import type { Storage } from '../storage/storage';
import { detectAllowedTypeOfFile, extensionOf, formatBytes, hasAllowedExtension, isTextFileName, Utf8Check } from './file-checks';
import { skipRest, writeCapped } from './write-capped';

/** A refusal shown above the form: a translation key (`upload.*`) and its parameters. */
export interface UploadError {
  key: 'upload.too_many' | 'upload.too_large' | 'upload.type_not_allowed' | 'upload.failed';
  params: Record<string, string | number>;
}

/** A checked file, written under a temporary key until its row commits (see `promoteUpload`). */
export interface StagedUpload {
  tmpKey: string;
  originalName: string;
  /** Type found from the content, not the browser's claim. */
  mimeType: string;
  extension: string;
  sizeBytes: number;
}

/** What a file field accepts. */
export interface FileRule {
  /** Per-file size limit. */
  maxBytes: number;
  /** Accepted extensions (checked against the content too). */
  allowed: readonly string[];
}

/** Options of {@link stageFiles}. */
export interface StagingPlan {
  storage: Storage;
  /** The rule of a file input by its name; null skips its files unread. */
  ruleOf(field: string): FileRule | null;
  /** Most files accepted in all ruled fields together. */
  maxFiles: number;
  /** Most bytes of the whole request (files and text). */
  maxRequestBytes: number;
}

/** One file of the form: staged, or refused with the reason. */
export interface StagedPart {
  field: string;
  originalName: string;
  upload?: StagedUpload;
  refusal?: UploadError;
}

/** Room for the text fields of a form that also carries files (descriptions, signatures). */
export const FORM_TEXT_BYTES = 4 * 1024 * 1024;

/**
 * Where files wait while they arrive and are checked: the machine's temporary folder, read when
 * used (a test may point `TMPDIR` elsewhere).
 */
export function stagingDir(): string {
  return path.join(os.tmpdir(), 'vigie-uploads');
}

/**
 * Reads a multipart form (fields into `req.body`) and, as each file arrives, writes it to a
 * temporary file while counting its bytes, then checks its extension and content and puts it in
 * `storage` under a `tmp/` key. Refused files are skipped and reported, the form read on, so the
 * page comes back with what the user typed. When the request is bigger than `maxRequestBytes`,
 * the first refusal (or the first byte beyond) stops reading: the promise rejects with a 413
 * `HttpError` after removing every file already staged. Nothing is kept in memory.
 */
export async function stageFiles(req: Request, res: Response, plan: StagingPlan): Promise<StagedPart[]> {
  const parts: StagedPart[] = [];
  let accepted = 0;
  const onFile = async (file: MultipartFile, progress: MultipartProgress): Promise<void> => {
    const rule = plan.ruleOf(file.field);
    if (!rule) return skipRest(file.stream);
    const part: StagedPart = { field: file.field, originalName: file.fileName };
    parts.push(part);
    // A file too large or one too many, past the announced size: not worth reading on, the
    // whole request stops here. Otherwise the rest of the part is skipped and the form read on.
    const refuse = async (refusal: UploadError): Promise<void> => {
      part.refusal = refusal;
      if (refusal.key !== 'upload.type_not_allowed' && !progress.fitsDeclared) throw new HttpError(413, refusal.key, refusal.params);
      await skipRest(file.stream);
    };
    if (++accepted > plan.maxFiles) return refuse({ key: 'upload.too_many', params: { max: plan.maxFiles } });
    if (!hasAllowedExtension(file.fileName, rule.allowed)) return refuse(typeRefusal(file.fileName, rule));
    part.upload = await stageOne(file, rule, plan.storage, progress, refuse);
  };
  try {
    await readMultipart(req, res, { maxBytes: plan.maxRequestBytes, onFile });
  } catch (err) {
    await discardStaged(plan.storage, parts);
    throw err;
  }
  return parts;
}

async function stageOne(file: MultipartFile, rule: FileRule, storage: Storage, progress: MultipartProgress, refuse: (r: UploadError) => Promise<void>): Promise<StagedUpload | undefined> {
  // Synchronous, so the part is read from its first byte (a stat once the folder exists).
  fs.mkdirSync(stagingDir(), { recursive: true });
  const local = path.join(stagingDir(), randomUUID());
  const text = isTextFileName(file.fileName) ? new Utf8Check() : null;
  const tooLarge: UploadError = { key: 'upload.too_large', params: { name: file.fileName, max: formatBytes(rule.maxBytes) } };
  try {
    const written = await writeCapped(file.stream, local, rule.maxBytes, {
      inspect: text ? (c) => text.push(c) : undefined,
      // Stopped at once, before the request's own limit speaks with a vaguer message.
      onOverflow: () => { if (!progress.fitsDeclared) progress.stop(new HttpError(413, tooLarge.key, tooLarge.params)); },
    });
    if (!written.complete) {
      await refuse(tooLarge);
      return undefined;
    }
    const mimeType = await detectAllowedTypeOfFile(file.fileName, local, rule.allowed, text ? text.end() : false);
    if (!mimeType) {
      await refuse(typeRefusal(file.fileName, rule));
      return undefined;
    }
    const key = tmpKey();
    await storage.put(key, fs.createReadStream(local), { contentType: mimeType });
    return { tmpKey: key, originalName: file.fileName, mimeType, extension: extensionOf(file.fileName), sizeBytes: written.bytes };
  } finally {
    await fsp.rm(local, { force: true });
  }
}

function typeRefusal(name: string, rule: FileRule): UploadError {
  return { key: 'upload.type_not_allowed', params: { name, allowed: rule.allowed.join(', ') } };
}

/** Removes the staged files of `parts` from the storage (a refused or failed form). */
export async function discardStaged(storage: Storage, parts: StagedPart[]): Promise<void> {
  await Promise.all(parts.map((p) => (p.upload ? storage.delete(p.upload.tmpKey) : undefined)));
}
