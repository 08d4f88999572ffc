/**
 * Private storage: the mortgage statements of verified terms (DECISIONS.md, Trust on creative terms:
 * never served to anyone but the originator and admins) and the closing room's documents (DECISIONS.md,
 * The closing room: only its members). Local disk under `PRIVATE_FILES_DIR` (`<dataDir>/private`),
 * apart from the public files of `/files/…`. Keys are bare random ids with no extension, a shape the
 * public route's key pattern never matches even if the two folders were configured to overlap; the
 * content type lives on the row that names the file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StatementType } from '@dealclub/shared/verifications';

const KEY = /^(statements|closing)\/[0-9a-f-]{36}$/;

/** What a private file is: a verification's statement or a closing room's document. */
export type PrivateKind = 'statements' | 'closing';

export class PrivateStorage {
  constructor(private readonly root: string) {}

  static newKey(kind: PrivateKind): string {
    return `${kind}/${randomUUID()}`;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid private file key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }
}

const EXTENSIONS: Record<StatementType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The name a private file is shown and downloaded under: the sender's, without folders or control
 * characters, at most 120 characters, with the extension of the type its bytes are (`fallback` when
 * nothing of the sender's name is left).
 */
export function privateFileName(given: string, type: StatementType, fallback: string): string {
  const base =
    given
      .split(/[\\/]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .trim()
      .slice(0, 120) || fallback;
  return `${base}.${EXTENSIONS[type]}`;
}

/** `attachment`, with an ASCII fallback and the exact name in UTF-8 (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
