/**
 * The text side of the help centre's full-text search: the plain text the search documents and
 * snippets are made of, the `tsquery` a search box's words become, and the highlighted snippets
 * PostgreSQL's `ts_headline` returns, read into text plus ranges so no markup reaches a screen.
 */
import { HELP_QUERY_WORDS_MAX, type HelpSnippet } from '@dealclub/shared/help-rules';

/** What `ts_headline` puts around a match: control characters no stored text contains. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** Text stored for search: no control characters that would pass for match markers. */
export const withoutMarkers = (text: string) => text.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');

/**
 * Markdown as the words a reader sees: link and image texts without their addresses, no block or
 * emphasis marks, no HTML, white space collapsed. Good enough for search and snippets; the page
 * itself renders the Markdown.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    withoutMarkers(markdown)
      .replace(/\r\n?/g, '\n')
      // Code fences' own lines; their content stays.
      .replace(/^[ \t]*(?:```|~~~).*$/gm, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>\n]*>/g, ' ')
      // Headings, quotes and list marks at the start of a line (nested ones too).
      .replace(/^(?:[ \t]*(?:#{1,6}|>|[-*+]|\d{1,9}[.)])[ \t]+)+/gm, '')
      // Table rules (| --- | :-: |) and cell borders.
      .replace(/^[ \t|:-]*-{3,}[ \t|:-]*$/gm, ' ')
      .replace(/\|/g, ' ')
      .replace(/\*+|~~|`+/g, '')
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
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

/**
 * The `to_tsquery` text of a search: every word must match, and the last one as a prefix while it
 * is being typed (no white space after it), so 'ofer' already finds 'oferta'. The words hold only
 * letters and digits, so the text never carries tsquery syntax of its own.
 */
export function tsqueryText(query: string): string | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  const typing = !/\s$/.test(query);
  return words.map((word, i) => (typing && i === words.length - 1 ? `${word}:*` : word)).join(' & ');
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
