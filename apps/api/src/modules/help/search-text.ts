/**
 * The text side of the help centre's full-text search: the plain text the search documents and
 * snippets are made of, the `tsquery` a search box's words become, and the highlighted snippets
 * PostgreSQL's `ts_headline` returns, read into text plus ranges so no markup reaches a screen.
 */
import type { Language } from '@dealclub/shared/constants';
import { HELP_QUERY_WORDS_MAX, type HelpSnippet } from '@dealclub/shared/help-rules';
import { markdownTree, plainTextOf } from '@dealclub/shared/markdown-tree';

/** What `ts_headline` puts around a match: control characters no stored text contains. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** Text stored for search: no control characters that would pass for match markers. */
export const withoutMarkers = (text: string) => text.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');

/**
 * Markdown as the words a reader sees, from the same tree the page shows (decision 039): link and
 * image texts without their addresses, no block or emphasis marks, no HTML, white space collapsed.
 * A table (not CommonMark, so a paragraph on the page) loses its rules and cell borders.
 */
export function markdownToPlainText(markdown: string): string {
  return plainTextOf(markdownTree(withoutMarkers(markdown)))
    .replace(/^[ \t|:-]*-{3,}[ \t|:-]*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search box, lower-case, at most {@link HELP_QUERY_WORDS_MAX}. */
export function queryWords(query: string): string[] {
  return (
    query
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, HELP_QUERY_WORDS_MAX)
    .map((word) => word.slice(0, 64));
}

/** A word without its accents and other marks ('Financiación' → 'Financiacion', 'año' → 'ano'). */
export const withoutAccents = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

const ACUTE: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

/**
 * The spellings a search word typed without accents may stand for: as typed, with an accent on a
 * vowel of its last syllable (where a word ending in a vowel, 'n' or 's' bears it: 'financiacion'
 * → 'financiación', 'garantia' → 'garantía', 'podras' → 'podrás'), with an 'ñ' for an 'n' before a
 * vowel ('ano' → 'año'), both ('compania' → 'compañía'), or 'gü' for 'gu' before 'e' or 'i'.
 *
 * The Spanish stemmer keeps an accent in a suffix ('financiación' stems to 'financi',
 * 'financiacion' to itself) and drops the others ('crédito' and 'credito' both stem to 'credit'),
 * so only an accent on the last syllable changes what a word finds; searching every spelling finds
 * what the word means however it was typed, and the highlights fall on the words as written. A word
 * typed with an accent or a tilde is taken as typed, and in English also without its marks (the
 * English stemmer keeps every accent: 'café' finds 'cafe').
 */
export function spellings(word: string, lang: Language): string[] {
  const bare = withoutAccents(word);
  if (bare !== word) return lang === 'en' ? [word, bare] : [word];
  const accents: (number | null)[] = [null];
  const lastVowels = /[aeiou]+(?=[^aeiou]*$)/.exec(word);
  if (lastVowels && /[aeiouns]$/.test(word))
    for (let i = lastVowels.index; i < lastVowels.index + lastVowels[0].length; i += 1) accents.push(i);
  const tildes: (number | null)[] = [null];
  for (let i = 0; i < word.length - 1; i += 1) {
    if (word[i] === 'n' && /[aeiou]/.test(word[i + 1]!)) tildes.push(i);
    if (word[i] === 'u' && word[i - 1] === 'g' && /[ei]/.test(word[i + 1]!)) tildes.push(i);
  }
  const found = new Set<string>();
  for (const accent of accents)
    for (const tilde of tildes) {
      const letters = [...word];
      if (accent !== null) letters[accent] = ACUTE[letters[accent]!]!;
      if (tilde !== null) letters[tilde] = letters[tilde] === 'n' ? 'ñ' : 'ü';
      found.add(letters.join(''));
    }
  return [...found];
}

/** One word of a search as `to_tsquery` texts: as typed, and as any of its {@link spellings}. */
export interface QueryTerm {
  /** The word as typed: when it is a stop word, the search leaves it out, whatever its spellings. */
  typed: string;
  /** Its spellings joined with OR. */
  spellings: string;
}

/**
 * The `to_tsquery` terms of a search, which every result must match: the last word as a prefix
 * while it is being typed (no white space after it), so 'ofer' already finds 'oferta'. The words
 * hold only letters and digits, so the texts never carry tsquery syntax of their own.
 */
export function tsqueryTerms(query: string, lang: Language): QueryTerm[] | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  const typing = !/\s$/.test(query);
  return words.map((word, i) => {
    const suffix = typing && i === words.length - 1 ? ':*' : '';
    return {
      typed: `${word}${suffix}`,
      spellings: spellings(word, lang)
        .map((spelling) => `${spelling}${suffix}`)
        .join(' | '),
    };
  });
}

/** `ts_headline` output → the text without markers and the ranges they enclosed. */
export function parseHeadline(headline: string): HelpSnippet {
  let text = '';
  const highlights: HelpSnippet['highlights'] = [];
  let start: number | null = null;
  for (const char of headline) {
    if (char === MATCH_START) {
      start ??= text.length;
    } else if (char === MATCH_END) {
      if (start !== null && text.length > start) {
        const last = highlights.at(-1);
        // Matches that touch read as one highlight.
        if (last && last.end === start) last.end = text.length;
        else highlights.push({ start, end: text.length });
      }
      start = null;
    } else {
      text += char;
    }
  }
  return { text, highlights };
}

const OPENING_MAX = 180;

/** The opening words of a text, cut at a word boundary, for lists without a search. */
export function openingWords(plain: string): HelpSnippet {
  if (plain.length <= OPENING_MAX) return { text: plain, highlights: [] };
  const cut = plain.slice(0, OPENING_MAX);
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`, highlights: [] };
}

/** A slug from a title: lower-case ASCII words joined by hyphens ('¿Cómo…?' → 'como…'). */
export function slugFrom(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 72)
    .replace(/-+$/, '');
  return slug || fallback;
}
