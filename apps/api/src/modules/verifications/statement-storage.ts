/**
 * Private storage of mortgage statements (DECISIONS.md, Trust on creative terms: never served to
 * anyone but the originator and admins). Local disk under `PRIVATE_FILES_DIR` (`<dataDir>/private`),
 * apart from the public files of `/files/…`. Keys are bare random ids with no extension, a shape the
 * public route's key pattern never matches even if the two folders were configured to overlap; the
 * content type lives on the verification row.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY = /^statements\/[0-9a-f-]{36}$/;

export class StatementStorage {
  constructor(private readonly root: string) {}

  static newKey(): string {
    return `statements/${randomUUID()}`;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid statement key ${key}`);
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
