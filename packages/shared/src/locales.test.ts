import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree | Tree[] };

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const english = flatten(en);
  const spanish = flatten(es);

  it('have the same keys in English and Spanish', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, text] of [...english, ...spanish]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolation placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(placeholders(spanish.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('carry the specification copy word for word', () => {
    expect(en.errors.INTERNAL).toBe('Unknown error occurred');
    expect(en.errors.AUTHENTICATION_REQUIRED).toBe('Authentication required');
    expect(en.language.updatedTitle).toBe('Language Updated');
    expect(en.language.errorMessage).toBe('Failed to update language preference');
  });
});
