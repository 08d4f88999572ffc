import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  newSecretKeyText,
  openSecretBox,
  parseSecretKey,
  readKeyFile,
  SecretBox,
  SecretKeyUnavailableError,
  secretKeyId,
} from './secret-box';

const keyA = parseSecretKey(newSecretKeyText())!;
const keyB = parseSecretKey(newSecretKeyText())!;
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dealclub-secrets-'));
  dirs.push(dir);
  return dir;
};

describe('SecretBox', () => {
  it('seals with AES-256-GCM into a versioned envelope that opens to the secret', () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal(SECRET, 'users.offer_webhook_secret:u1');
    const [version, kid, iv, tag, ciphertext] = sealed.split(':');
    expect(version).toBe('enc1');
    expect(kid).toBe(secretKeyId(keyA));
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext!, 'base64url')).toHaveLength(SECRET.length);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(box.open(sealed, 'users.offer_webhook_secret:u1')).toBe(SECRET);
    // A fresh IV every time: two seals of one secret differ.
    expect(box.seal(SECRET, 'users.offer_webhook_secret:u1')).not.toBe(sealed);
  });

  it('does not open a value moved to another row, altered, or sealed with a key it does not have', () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal(SECRET, 'row:1');
    expect(() => box.open(sealed, 'row:2')).toThrow(/did not open/);
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0]! ^= 1;
    parts[4] = flipped.toString('base64url');
    expect(() => box.open(parts.join(':'), 'row:1')).toThrow(/did not open/);
    expect(() => new SecretBox([keyB]).open(sealed, 'row:1')).toThrow(SecretKeyUnavailableError);
    // The error names the key by its id, never the key or the secret.
    const message = (() => {
      try {
        new SecretBox([keyB]).open(sealed, 'row:1');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain(secretKeyId(keyA));
    expect(message).not.toContain(keyA.toString('base64'));
  });

  it('seals with the first key and opens with any during a rotation', () => {
    const old = new SecretBox([keyA]).seal(SECRET, 'row:1');
    const rotating = new SecretBox([keyB, keyA]);
    expect(rotating.open(old, 'row:1')).toBe(SECRET);
    expect(rotating.needsResealing(old)).toBe(true);
    const resealed = rotating.seal(SECRET, 'row:1');
    expect(resealed.startsWith(`enc1:${secretKeyId(keyB)}:`)).toBe(true);
    expect(rotating.needsResealing(resealed)).toBe(false);
    expect(new SecretBox([keyB]).open(resealed, 'row:1')).toBe(SECRET);
  });

  it('answers a legacy plain-text value as it is, and marks it for sealing', () => {
    const box = new SecretBox([keyA]);
    expect(box.open('whsec_legacy', 'row:1')).toBe('whsec_legacy');
    expect(box.needsResealing('whsec_legacy')).toBe(true);
  });
});

describe('the secrets key', () => {
  it('is made on first start under DATA_DIR, readable by its owner only, and kept', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.key');
    expect(config.secrets).toEqual({ keys: [], keyFile: file });
    const first = openSecretBox(config.secrets, config.env);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.seal(SECRET, 'row:1');
    // A restart reads the same key.
    const again = openSecretBox(config.secrets, config.env);
    expect(again.currentKeyId).toBe(first.currentKeyId);
    expect(again.open(sealed, 'row:1')).toBe(SECRET);
    expect(readKeyFile(file)).toHaveLength(1);
  });

  it('comes from SECRETS_KEY with older keys from SECRETS_KEY_PREVIOUS and a key file left from before', () => {
    const dataDir = tempDir();
    const fromFile = openSecretBox(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).secrets,
      'development',
    );
    const sealedByFile = fromFile.seal(SECRET, 'row:1');
    const sealedByB = new SecretBox([keyB]).seal(SECRET, 'row:1');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SECRETS_KEY: keyA.toString('base64'),
      SECRETS_KEY_PREVIOUS: ` ${keyB.toString('base64url')} `,
    });
    const box = openSecretBox(config.secrets, config.env);
    expect(box.currentKeyId).toBe(secretKeyId(keyA));
    expect(box.open(sealedByB, 'row:1')).toBe(SECRET);
    expect(box.open(sealedByFile, 'row:1')).toBe(SECRET);
  });

  it('tightens a key file others could read', () => {
    if (process.platform === 'win32') return;
    const file = path.join(tempDir(), 'secrets.key');
    writeFileSync(file, `${keyA.toString('base64')}\n`, { mode: 0o644 });
    expect(readKeyFile(file)[0]!.equals(keyA)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a key file line that is not a key, naming the line but not its text', () => {
    const file = path.join(tempDir(), 'secrets.key');
    writeFileSync(file, '# comment\nnot-a-key-at-all\n', { mode: 0o600 });
    expect(() => readKeyFile(file)).toThrow(/line 2: not a base64 key of 32 bytes/);
    expect(readFileSync(file, 'utf8')).toContain('not-a-key');
  });

  it('is required with DATABASE_URL in every mode, saying how to make one, and must be 32 bytes of base64', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };
    // A restart with another DATA_DIR (or a second instance) would have another key file: refused.
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const [problem, ...others] = problems({ NODE_ENV, DATABASE_URL: 'postgres://db/app' });
      expect(others).toEqual([]);
      expect(problem).toMatch(/^SECRETS_KEY: required with DATABASE_URL, the same on every instance/);
      expect(problem).toContain('the key file under DATA_DIR is for the embedded database only');
      expect(problem).toContain('make one with: openssl rand -base64 32');
      // The other way it offers makes a key the setting takes.
      const command = /\(or: (node -p .+)\)$/.exec(problem!)![1]!;
      const made = execFileSync('sh', ['-c', command], { encoding: 'utf8' }).trim();
      expect(parseSecretKey(made)).toHaveLength(32);
      expect(problems({ NODE_ENV, DATABASE_URL: 'postgres://db/app', SECRETS_KEY: made })).toEqual([]);
    }
    // The embedded database: the key file beside its data.
    expect(problems({ NODE_ENV: 'production' })).toEqual([]);
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
    expect(problems({ SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toEqual([
      'SECRETS_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
    ]);
    expect(problems({ SECRETS_KEY_PREVIOUS: newSecretKeyText() })).toEqual([
      'SECRETS_KEY_PREVIOUS: only with SECRETS_KEY',
    ]);
    expect(
      problems({ SECRETS_KEY: newSecretKeyText(), SECRETS_KEY_PREVIOUS: `${newSecretKeyText()},nope` }),
    ).toEqual(['SECRETS_KEY_PREVIOUS: key 2 is not 32 bytes in base64']);
  });

  it('reads the retention settings', () => {
    expect(loadConfig({}).retention).toEqual({ webhookDeliveryDays: 30, outboxDays: 30, jobDays: 7 });
    expect(
      loadConfig({
        WEBHOOK_DELIVERY_RETENTION_DAYS: '7',
        OUTBOX_RETENTION_DAYS: '90',
        JOB_RETENTION_DAYS: '2',
      }).retention,
    ).toEqual({ webhookDeliveryDays: 7, outboxDays: 90, jobDays: 2 });
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });
});
