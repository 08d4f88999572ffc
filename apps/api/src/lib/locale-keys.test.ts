import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

/** The shared schemas carry locale keys as messages; a typo would reach users as a raw key. */
describe('validation message keys of the shared schemas', () => {
  it('all exist in the locale files', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../packages/shared/src');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z]+)*\.validation\.[a-zA-Z]+)'/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) {
      expect(() => translate('en', key), key).not.toThrow();
      expect(() => translate('es', key), key).not.toThrow();
    }
  });
});
