/**
 * Secrets at rest (decision 018): secrets the server must read back in the clear (the offer
 * webhook's signing secret, the identity provider's private signing keys) are stored sealed with
 * AES-256-GCM under a server key that never enters the database, so a dump, a backup or a
 * read-only SQL leak does not carry them.
 *
 * A sealed value is one text: `enc1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). The key id
 * is derived from the key itself (the first 4 bytes of its SHA-256, in hex), so several keys can be
 * configured at once without naming them: the first seals, every one opens. The additional data
 * binds each value to its version, its key and its place (`context`, e.g. the column and row), so
 * a sealed value copied into another row does not open there.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import path from 'node:path';

const VERSION = 'enc1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Name of the key file under `DATA_DIR`: the embedded database's key when no `SECRETS_KEY` is
 * configured. With `DATABASE_URL` none is made (`SECRETS_KEY` is required there).
 */
export const KEY_FILE_NAME = 'secrets.key';

/** A sealed value names a key that is not configured (it was dropped too early, or another key is set). */
export class SecretKeyUnavailableError extends Error {
  constructor(readonly keyId: string) {
    super(
      `the secret was sealed with key ${keyId}, which is not configured (SECRETS_KEY, SECRETS_KEY_PREVIOUS or the key file)`,
    );
    this.name = 'SecretKeyUnavailableError';
  }
}

/** The id a sealed value names its key by. */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** A key as configured (standard or url-safe base64 of 32 bytes), or undefined when it is not one. */
export function parseSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** A new random key, base64 as `SECRETS_KEY` takes it (the same as `openssl rand -base64 32`). */
export function newSecretKeyText(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** What a pass sealing stored secrets again with the current key did. */
export interface ResealResult {
  /** Sealed with the current key now. */
  resealed: number;
  /** Sealed with a key that is not configured, or altered: left as they are. */
  unreadable: number;
}

/** A stored secret that does not open: what it is, named for the operator, and why. */
export interface UnopenableSecret {
  /** E.g. `identity signing key <kid>`. */
  name: string;
  problem: string;
}

/** Why `open` throws (its message), or undefined when it does not. */
export function openingProblem(open: () => unknown): string | undefined {
  try {
    open();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export class SecretBox {
  readonly #keys: Map<string, Buffer>;
  /** The id of the key that seals. */
  readonly currentKeyId: string;

  /** `keys[0]` seals; every key opens. */
  constructor(keys: readonly Buffer[]) {
    if (!keys.length) throw new Error('a SecretBox needs at least one key');
    for (const key of keys) {
      if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes`);
    }
    this.#keys = new Map(keys.map((key) => [secretKeyId(key), key]));
    this.currentKeyId = secretKeyId(keys[0]!);
  }

  /** The ids of every configured key, the current one first. */
  get keyIds(): string[] {
    return [...this.#keys.keys()];
  }

  /** Whether `stored` is a sealed value (anything else is a legacy plain-text one). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${VERSION}:`);
  }

  /** The prefix of every value sealed with the current key (to find the others in SQL). */
  get currentPrefix(): string {
    return `${VERSION}:${this.currentKeyId}:`;
  }

  seal(plain: string, context: string): string {
    const kid = this.currentKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#keys.get(kid)!, iv);
    cipher.setAAD(Buffer.from(`${VERSION}:${kid}:${context}`, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, kid, b64(iv), b64(cipher.getAuthTag()), b64(ciphertext)].join(':');
  }

  /**
   * The plain text of `stored`. A value that is not sealed (written before secrets were sealed) is
   * answered as it is; the start-up and hourly resealing turn those into sealed ones.
   */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const [, kid = '', iv = '', tag = '', ciphertext = '', ...rest] = stored.split(':');
    const key = this.#keys.get(kid);
    if (!key) throw new SecretKeyUnavailableError(kid);
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (rest.length || ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new Error('a sealed secret is malformed');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
      decipher.setAAD(Buffer.from(`${VERSION}:${kid}:${context}`, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Never the key or the value in the message: it may be logged.
      throw new Error(`a sealed secret did not open with key ${kid} (altered, or sealed for another row)`);
    }
  }

  /** Whether `stored` should be sealed again: plain text, or sealed with a key that is not the current one. */
  needsResealing(stored: string): boolean {
    return !stored.startsWith(this.currentPrefix);
  }
}

/** The key file's text: one key a line, the current first; `#` lines are comments. */
function keyFileText(keys: readonly string[]): string {
  return [
    '# DealClub secrets key (decision 018): seals the webhook secrets and identity signing keys stored',
    '# in the database. Keep this file with the data directory and out of reach of others (mode 0600);',
    '# without it they cannot be read. First line: the current key; further lines: older keys',
    '# that still open values sealed before a rotation (npm run secrets:rotate).',
    ...keys,
    '',
  ].join('\n');
}

/** The keys of a key file, the current first; throws a readable error when a line is not a key. */
export function readKeyFile(file: string): Buffer[] {
  const text = readFileSync(file, 'utf8');
  // Mode bits mean nothing on Windows; elsewhere a key file others can read is tightened like ssh would ask.
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const keys: Buffer[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const key = parseSecretKey(line);
    if (!key) throw new Error(`${file}, line ${index + 1}: not a base64 key of 32 bytes`);
    keys.push(key);
  }
  if (!keys.length) throw new Error(`${file}: holds no key`);
  return keys;
}

/** Writes the key file at once (a temporary file renamed over it), readable by its owner only. */
export function writeKeyFile(file: string, keys: readonly Buffer[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, keyFileText(keys.map((k) => k.toString('base64'))), { mode: 0o600 });
  renameSync(temporary, file);
}

/** The key file's keys, making the file with a new key if there is none yet. */
export function readOrCreateKeyFile(file: string): Buffer[] {
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: when two processes start at once, one makes the file and the other reads it.
    writeFileSync(file, keyFileText([newSecretKeyText()]), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

/** The fixed key of NODE_ENV=test without `SECRETS_KEY`: never used anywhere else. */
const TEST_KEY = createHash('sha256').update('dealclub-test-secrets-key').digest();

export interface SecretsSettings {
  /** `SECRETS_KEY` then `SECRETS_KEY_PREVIOUS`; empty when `SECRETS_KEY` is not set. */
  keys: Buffer[];
  /** `<DATA_DIR>/secrets.key`. */
  keyFile: string;
}

/**
 * The server's SecretBox. With `SECRETS_KEY`: those keys, plus those of a key file left from before
 * (so moving from the file to the variable loses nothing; it never seals). Without (the embedded
 * database only: the configuration requires `SECRETS_KEY` with `DATABASE_URL`): the fixed test key
 * under NODE_ENV=test, else the key file, made on first start. Throws a readable error for a bad file.
 */
export function openSecretBox(
  settings: SecretsSettings,
  env: 'development' | 'production' | 'test',
): SecretBox {
  if (settings.keys.length) {
    let fileKeys: Buffer[] = [];
    try {
      fileKeys = readKeyFile(settings.keyFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return new SecretBox([...settings.keys, ...fileKeys]);
  }
  if (env === 'test') return new SecretBox([TEST_KEY]);
  return new SecretBox(readOrCreateKeyFile(settings.keyFile));
}
