/**
 * The language of content that exists in both languages (API.md Conventions: training, help,
 * roadmap, disclosures): the first of en or es that `Accept-Language` names, else the user's saved
 * preference, else English.
 */
import type { Language } from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';

/** The languages of an `Accept-Language` header, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

export function contentLanguage(acceptLanguage: string | undefined, preference?: string | null): Language {
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return isLanguage(preference) ? preference : 'en';
}
