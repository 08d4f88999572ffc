/**
 * The help centre (DECISIONS.md, Help, feedback and roadmap) without schemas: categories, limits,
 * the shapes of the help calls (API.md) and how a search snippet's highlights are read. Kept apart
 * from the admin's schemas (`help.ts`) so that the reader's screens do not load zod.
 */
import type { Language } from './constants';
import type { MarkdownNode } from './markdown-tree';

/** Categories, in the order the help centre shows them; names are `help.categories.<key>`. */
export const HELP_CATEGORIES = [
  'gettingStarted',
  'dealTypes',
  'offers',
  'alerts',
  'exportsAndWebhooks',
  'privacy',
  'training',
  'account',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_TITLE_MAX = 200;
/** An article's body or an answer, Markdown, per language. */
export const HELP_BODY_MAX = 40_000;
export const HELP_SLUG_MAX = 80;
/** A search: at most this many characters and words (the rest is ignored). */
export const HELP_QUERY_MAX = 200;
export const HELP_QUERY_WORDS_MAX = 12;
/** Articles and Q&A each, published or not. */
export const HELP_ITEMS_MAX = 1_000;

/** Lower-case words joined by hyphens; never the shape of an id (an id or a slug names an item). */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type HelpKind = 'article' | 'qa';

/**
 * A search snippet as plain text with the places that matched: `[start, end)` offsets in
 * JavaScript string units. No markup travels, so a screen renders it as text and marks the ranges.
 */
export interface HelpSnippet {
  text: string;
  highlights: { start: number; end: number }[];
}

/** `GET /api/help/articles`: an article of the list in the reader's language. */
export interface HelpArticleSummary {
  id: string;
  slug: string;
  category: HelpCategory;
  title: HelpSnippet;
  /** The matching passages of a search, else the article's opening words. */
  snippet: HelpSnippet;
  updatedAt: string;
}

/** `GET /api/help/qa`: a question of the list; its answer's snippet as for articles. */
export interface HelpQaSummary {
  id: string;
  slug: string;
  category: HelpCategory;
  question: HelpSnippet;
  snippet: HelpSnippet;
  updatedAt: string;
}

export interface HelpList<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** The language the texts are in. */
  language: Language;
}

/** `GET /api/help/articles/{id or slug}`. */
export interface HelpArticle {
  id: string;
  slug: string;
  category: HelpCategory;
  title: string;
  /** Markdown (rendered without raw HTML). */
  body: string;
  /** The body parsed for display (decision 039). */
  bodyTree: MarkdownNode[];
  updatedAt: string;
  /** The reader's own answer to 'Was this helpful?', or null before they answer. */
  myVote: boolean | null;
  language: Language;
}

/** `GET /api/help/qa/{id or slug}`. */
export interface HelpQa {
  id: string;
  slug: string;
  category: HelpCategory;
  question: string;
  /** Markdown (rendered without raw HTML). */
  answer: string;
  /** The answer parsed for display (decision 039). */
  answerTree: MarkdownNode[];
  updatedAt: string;
  myVote: boolean | null;
  language: Language;
}

/** `GET /api/help/categories`: each category with how many published items it holds. */
export interface HelpCategorySummary {
  key: HelpCategory;
  name: string;
  articles: number;
  questions: number;
}

export interface HelpBilingual {
  en: string;
  es: string;
}

export interface HelpVoteCounts {
  helpful: number;
  notHelpful: number;
}

/** An article as the admin edits it, with its readers' votes. */
export interface AdminHelpArticle {
  id: string;
  slug: string;
  category: HelpCategory;
  position: number;
  published: boolean;
  title: HelpBilingual;
  body: HelpBilingual;
  votes: HelpVoteCounts;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface AdminHelpQa {
  id: string;
  slug: string;
  category: HelpCategory;
  position: number;
  published: boolean;
  question: HelpBilingual;
  answer: HelpBilingual;
  votes: HelpVoteCounts;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** A snippet cut into runs of plain and highlighted text, in order, for a screen to render. */
export function snippetRuns(snippet: HelpSnippet): { text: string; highlighted: boolean }[] {
  const runs: { text: string; highlighted: boolean }[] = [];
  let at = 0;
  for (const { start, end } of [...snippet.highlights].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, snippet.text.length);
    if (to <= from) continue;
    if (from > at) runs.push({ text: snippet.text.slice(at, from), highlighted: false });
    runs.push({ text: snippet.text.slice(from, to), highlighted: true });
    at = to;
  }
  if (at < snippet.text.length) runs.push({ text: snippet.text.slice(at), highlighted: false });
  return runs;
}
