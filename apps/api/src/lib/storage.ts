/**
 * One storage interface for uploaded files (DECISIONS.md, Files): photos, logos, pictures. Keys are
 * random and carry the extension of the type the bytes were checked to be; the files are served
 * under `/files/<key>`, immutable (a new upload gets a new key). Local disk by default.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageType } from '@dealclub/shared/preferences';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t]));

/**
 * Keys look like `logos/<uuid>.png` or `photos/<uuid>-400.webp`: a folder, a random name (with the
 * width of a resized variant), an extension we chose.
 */
export const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}(-\d{2,4})?\.(jpg|png|webp)$/;

/** Folders `/files/` never serves: feedback screenshots, which admins read through the admin API. */
export const PRIVATE_FILE_FOLDERS: readonly string[] = ['feedback'];

export function newFileKey(folder: string, type: ImageType): string {
  return `${folder}/${randomUUID()}.${EXTENSIONS[type]}`;
}

export function fileUrl(key: string | null): string | null {
  return key ? `/files/${key}` : null;
}

export function contentTypeOfKey(key: string): string | undefined {
  return TYPES[key.split('.').pop() ?? ''];
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid file key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!KEY_PATTERN.test(key)) return null;
    try {
      return { bytes: await readFile(this.pathOf(key)), contentType: contentTypeOfKey(key)! };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }
}
