/**
 * The help centre (DECISIONS.md, Help, feedback and roadmap): articles and Q&A in English and
 * Spanish, searched with PostgreSQL full-text search in the reader's language (`english` or
 * `spanish` configuration, title words above body words, highlighted snippets), 'Was this
 * helpful?' once per voter, and the admin's editing. Articles and Q&A share one shape (a Q&A's
 * question is its title, its answer its body), so each function serves both through a
 * {@link HelpKindSpec}.
 */
import { and, asc, count, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@dealclub/shared/constants';
import type { ErrorCode } from '@dealclub/shared/errors';
import type { MarkdownNode } from '@dealclub/shared/markdown-tree';
import {
  HELP_CATEGORIES,
  HELP_ITEMS_MAX,
  HELP_SLUG_PATTERN,
  UUID_PATTERN,
  type HelpCategory,
  type HelpKind,
  type HelpSnippet,
} from '@dealclub/shared/help-rules';
import { advisoryXactLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { outerRef } from '../../db/json-rows';
import { helpArticles, helpQa, helpVotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { markdownTreeOf } from '../../lib/markdown';
import {
  MATCH_END,
  MATCH_START,
  markdownToPlainText,
  openingWords,
  parseHeadline,
  slugFrom,
  tsqueryTerms,
  withoutMarkers,
  type QueryTerm,
} from './search-text';

type HelpTable = typeof helpArticles;
type HelpRow = HelpTable['$inferSelect'];

export interface HelpKindSpec {
  kind: HelpKind;
  /** Articles' columns; the Q&A table has the same properties (see the schema). */
  table: HelpTable;
  voteColumn: typeof helpVotes.articleId | typeof helpVotes.qaId;
  notFound: ErrorCode;
  /** The slug of an item whose English title makes none. */
  fallbackSlug: string;
}

export const ARTICLES: HelpKindSpec = {
  kind: 'article',
  table: helpArticles,
  voteColumn: helpVotes.articleId,
  notFound: 'HELP_ARTICLE_NOT_FOUND',
  fallbackSlug: 'article',
};

export const QUESTIONS: HelpKindSpec = {
  kind: 'qa',
  table: helpQa as unknown as HelpTable,
  voteColumn: helpVotes.qaId,
  notFound: 'HELP_QA_NOT_FOUND',
  fallbackSlug: 'question',
};

/** A title and a Markdown body in both languages: an article, or a question and its answer. */
export interface HelpItemInput {
  slug?: string | undefined;
  category: HelpCategory;
  position?: number | undefined;
  title: { en: string; es: string };
  body: { en: string; es: string };
  published: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reading, in one language

const CONFIG = { en: 'english', es: 'spanish' } as const;
const regconfig = (lang: Language) => sql`${CONFIG[lang]}::regconfig`;

/**
 * The `tsquery` of a search in `lang`: every word, in any of its spellings (accents aside), and no
 * word that is a stop word as typed. One expression, so the search stays one statement.
 */
function searchQuery(lang: Language, terms: QueryTerm[]): SQL {
  return sql.join(
    terms.map(
      ({ typed, spellings }) =>
        sql`(case when numnode(to_tsquery(${regconfig(lang)}, ${typed})) = 0 then ''::tsquery else to_tsquery(${regconfig(lang)}, ${spellings}) end)`,
    ),
    sql` && `,
  );
}

/** A column of `lang`. */
function column(t: HelpTable, field: 'title' | 'body' | 'plain' | 'search', lang: Language) {
  const es = lang === 'es';
  switch (field) {
    case 'title':
      return es ? t.titleEs : t.titleEn;
    case 'body':
      return es ? t.bodyEs : t.bodyEn;
    case 'plain':
      return es ? t.plainEs : t.plainEn;
    case 'search':
      return es ? t.searchEs : t.searchEn;
  }
}

/** `ts_headline` options: the whole title, or up to two passages of the body, between markers. */
const markers = `StartSel="${MATCH_START}", StopSel="${MATCH_END}"`;
const TITLE_HEADLINE = `HighlightAll=true, ${markers}`;
const SNIPPET_HEADLINE = `MaxFragments=2, MaxWords=28, MinWords=10, FragmentDelimiter=" … ", ${markers}`;

/** The help centre's order: by category as `HELP_CATEGORIES` lists them, then by position. */
const categoryOrder = (t: HelpTable) =>
  sql`array_position(array[${sql.join(
    HELP_CATEGORIES.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[], ${t.category})`;

export interface HelpListQuery {
  lang: Language;
  q?: string | undefined;
  category?: HelpCategory | undefined;
  offset: number;
  limit: number;
}

export interface HelpListItem {
  id: string;
  slug: string;
  category: HelpCategory;
  title: HelpSnippet;
  snippet: HelpSnippet;
  updatedAt: string;
}

/**
 * Published items in `lang`: with a search, those matching every word (the last as a prefix, accents
 * aside), best first by `ts_rank` with highlighted title and passages; without, in the help
 * centre's order with their opening words.
 */
export async function listPublished(
  db: Db,
  spec: HelpKindSpec,
  query: HelpListQuery,
): Promise<{ items: HelpListItem[]; total: number }> {
  const t = spec.table;
  const { lang } = query;
  const search = column(t, 'search', lang);
  const title = column(t, 'title', lang);
  const plain = column(t, 'plain', lang);
  const terms = query.q ? tsqueryTerms(query.q, lang) : null;
  const tsquery = terms === null ? null : sql`(${searchQuery(lang, terms)})`;
  const conditions: SQL[] = [eq(t.published, true)];
  if (query.category) conditions.push(eq(t.category, query.category));
  if (tsquery) conditions.push(sql`${search} @@ ${tsquery}`);
  const where = and(...conditions);

  const rows = await db
    .select({
      id: t.id,
      slug: t.slug,
      category: t.category,
      updatedAt: t.updatedAt,
      title: tsquery
        ? sql<string>`ts_headline(${regconfig(lang)}, ${title}, ${tsquery}, ${TITLE_HEADLINE})`
        : sql<string>`${title}`,
      snippet: tsquery
        ? sql<string>`ts_headline(${regconfig(lang)}, ${plain}, ${tsquery}, ${SNIPPET_HEADLINE})`
        : sql<string>`left(${plain}, 400)`,
    })
    .from(t)
    .where(where)
    .orderBy(
      ...(tsquery ? [desc(sql`ts_rank(${search}, ${tsquery}, 1)`)] : []),
      asc(categoryOrder(t)),
      asc(t.position),
      asc(t.createdAt),
      asc(t.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      category: row.category as HelpCategory,
      title: tsquery ? parseHeadline(row.title) : { text: row.title, highlights: [] },
      snippet: tsquery ? parseHeadline(row.snippet) : openingWords(row.snippet),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** `id` as an item's id or its slug; anything else names no item. */
function byIdOrSlug(spec: HelpKindSpec, idOrSlug: string): SQL {
  if (UUID_PATTERN.test(idOrSlug)) return eq(spec.table.id, idOrSlug.toLowerCase());
  if (HELP_SLUG_PATTERN.test(idOrSlug)) return eq(spec.table.slug, idOrSlug);
  throw new AppError(spec.notFound);
}

export interface HelpPage {
  id: string;
  slug: string;
  category: HelpCategory;
  title: string;
  body: string;
  /** The body parsed for display (decision 039). */
  bodyTree: MarkdownNode[];
  updatedAt: string;
  myVote: boolean | null;
}

/** A published item in `lang`, with the voter's own answer to 'Was this helpful?'. */
export async function readPublished(
  db: Db,
  spec: HelpKindSpec,
  idOrSlug: string,
  lang: Language,
  voter: string,
): Promise<HelpPage> {
  const t = spec.table;
  const [row] = await db
    .select({
      id: t.id,
      slug: t.slug,
      category: t.category,
      title: column(t, 'title', lang),
      body: column(t, 'body', lang),
      updatedAt: t.updatedAt,
      myVote: sql<
        boolean | null
      >`(select ${helpVotes.helpful} from ${helpVotes} where ${spec.voteColumn} = ${outerRef(t.id)} and ${helpVotes.voter} = ${voter})`,
    })
    .from(t)
    .where(and(byIdOrSlug(spec, idOrSlug), eq(t.published, true)));
  if (!row) throw new AppError(spec.notFound);
  return {
    ...row,
    bodyTree: markdownTreeOf(row.body),
    category: row.category as HelpCategory,
    updatedAt: row.updatedAt.toISOString(),
    myVote: row.myVote ?? null,
  };
}

/** How many published articles and questions each category holds, in the help centre's order. */
export async function categoryCounts(db: Db) {
  const counts = async (spec: HelpKindSpec) => {
    const rows = await db
      .select({ category: spec.table.category, n: count() })
      .from(spec.table)
      .where(eq(spec.table.published, true))
      .groupBy(spec.table.category);
    return new Map(rows.map((r) => [r.category, r.n]));
  };
  const [articles, questions] = await Promise.all([counts(ARTICLES), counts(QUESTIONS)]);
  return HELP_CATEGORIES.map((key) => ({
    key,
    articles: articles.get(key) ?? 0,
    questions: questions.get(key) ?? 0,
  }));
}

/**
 * Records the voter's answer on a published item: once per voter, a second answer replaces the
 * first. Answers the vote as stored.
 */
export async function vote(
  db: Db,
  spec: HelpKindSpec,
  idOrSlug: string,
  voter: { voter: string; userId: string | null },
  helpful: boolean,
): Promise<boolean> {
  const t = spec.table;
  const [item] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(byIdOrSlug(spec, idOrSlug), eq(t.published, true)));
  if (!item) throw new AppError(spec.notFound);
  const target = spec.kind === 'article' ? { articleId: item.id } : { qaId: item.id };
  try {
    const [row] = await db
      .insert(helpVotes)
      .values({ ...target, voter: voter.voter, userId: voter.userId, helpful })
      .onConflictDoUpdate({
        target: [spec.voteColumn, helpVotes.voter],
        targetWhere: sql`${spec.voteColumn} is not null`,
        set: { helpful, updatedAt: new Date() },
      })
      .returning({ helpful: helpVotes.helpful });
    return row!.helpful;
  } catch (error) {
    // Deleted by an admin between the two statements.
    if (isForeignKeyViolation(error)) throw new AppError(spec.notFound);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The admin's help centre

export interface AdminHelpItem {
  id: string;
  slug: string;
  category: HelpCategory;
  position: number;
  published: boolean;
  title: { en: string; es: string };
  body: { en: string; es: string };
  votes: { helpful: number; notHelpful: number };
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface AdminListQuery {
  id?: string;
  category?: HelpCategory | undefined;
  published?: boolean | undefined;
  offset: number;
  limit: number;
}

/** Every item, drafts included, in both languages with its readers' votes. */
export async function adminList(
  db: Db,
  spec: HelpKindSpec,
  query: AdminListQuery,
): Promise<{ items: AdminHelpItem[]; total: number }> {
  const t = spec.table;
  const conditions: SQL[] = [];
  if (query.id) conditions.push(eq(t.id, query.id));
  if (query.category) conditions.push(eq(t.category, query.category));
  if (query.published !== undefined) conditions.push(eq(t.published, query.published));
  const where = conditions.length ? and(...conditions) : undefined;
  const votes = (helpful: boolean) =>
    sql<number>`(select count(*) from ${helpVotes} where ${spec.voteColumn} = ${outerRef(t.id)} and ${helpVotes.helpful} = ${helpful})::int`;
  const rows = await db
    .select({ row: t, helpful: votes(true), notHelpful: votes(false) })
    .from(t)
    .where(where)
    .orderBy(asc(categoryOrder(t)), asc(t.position), asc(t.createdAt), asc(t.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return {
    items: rows.map(({ row, helpful, notHelpful }) => toAdminItem(row, Number(helpful), Number(notHelpful))),
    total: total?.n ?? 0,
  };
}

function toAdminItem(row: HelpRow, helpful: number, notHelpful: number): AdminHelpItem {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as HelpCategory,
    position: row.position,
    published: row.published,
    title: { en: row.titleEn, es: row.titleEs },
    body: { en: row.bodyEn, es: row.bodyEs },
    votes: { helpful, notHelpful },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function adminItem(db: Db, spec: HelpKindSpec, id: string): Promise<AdminHelpItem> {
  const [item] = (await adminList(db, spec, { id, offset: 0, limit: 1 })).items;
  if (!item) throw new AppError(spec.notFound);
  return item;
}

/** The stored columns of an input (trimmed by its schema); the plain texts are written with the bodies. */
const contentColumns = (input: HelpItemInput) => ({
  category: input.category,
  published: input.published,
  titleEn: withoutMarkers(input.title.en),
  titleEs: withoutMarkers(input.title.es),
  bodyEn: input.body.en,
  bodyEs: input.body.es,
  plainEn: markdownToPlainText(input.body.en),
  plainEs: markdownToPlainText(input.body.es),
});

/** `base`, or `base-2`, `base-3`…: the first slug no item of the kind holds. */
async function freeSlug(db: Db, spec: HelpKindSpec, base: string): Promise<string> {
  const t = spec.table;
  const taken = new Set(
    (
      await db
        .select({ slug: t.slug })
        .from(t)
        .where(sql`${t.slug} = ${base} or ${t.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

async function assertSlugFree(db: Db, spec: HelpKindSpec, slug: string, exceptId?: string) {
  const [holder] = await db.select({ id: spec.table.id }).from(spec.table).where(eq(spec.table.slug, slug));
  if (holder && holder.id !== exceptId) throw new AppError('HELP_SLUG_TAKEN');
}

/** A unique index refused the slug (another admin took it at the same moment). */
function slugRace(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('HELP_SLUG_TAKEN');
  throw error;
}

/**
 * Adds an item: a slug made from its English title unless one is given, last in its category
 * unless a position is given. Admin changes are serialised, so slugs and positions are settled.
 */
export async function createItem(
  db: Db,
  spec: HelpKindSpec,
  input: HelpItemInput,
  adminId: string | null,
): Promise<string> {
  const t = spec.table;
  return db
    .transaction(async (tx) => {
      const d = tx as unknown as Db;
      await advisoryXactLock(d, 'help');
      const [size] = await d.select({ n: count() }).from(t);
      if ((size?.n ?? 0) >= HELP_ITEMS_MAX) throw new AppError('HELP_LIMIT');
      let slug: string;
      if (input.slug) {
        await assertSlugFree(d, spec, input.slug);
        slug = input.slug;
      } else {
        slug = await freeSlug(d, spec, slugFrom(input.title.en, spec.fallbackSlug));
      }
      let position = input.position;
      if (position === undefined) {
        const [last] = await d
          .select({ position: max(t.position) })
          .from(t)
          .where(eq(t.category, input.category));
        position = (last?.position ?? 0) + 1;
      }
      const [row] = await d
        .insert(t)
        .values({ ...contentColumns(input), slug, position, updatedBy: adminId })
        .returning({ id: t.id });
      return row!.id;
    })
    .catch(slugRace);
}

/** Replaces an item's content and state; its slug and position stay unless given. */
export async function updateItem(
  db: Db,
  spec: HelpKindSpec,
  id: string,
  input: HelpItemInput,
  adminId: string,
): Promise<void> {
  const t = spec.table;
  await db
    .transaction(async (tx) => {
      const d = tx as unknown as Db;
      await advisoryXactLock(d, 'help');
      if (input.slug) await assertSlugFree(d, spec, input.slug, id);
      const [row] = await d
        .update(t)
        .set({
          ...contentColumns(input),
          ...(input.slug ? { slug: input.slug } : {}),
          ...(input.position !== undefined ? { position: input.position } : {}),
          updatedAt: new Date(),
          updatedBy: adminId,
        })
        .where(eq(t.id, id))
        .returning({ id: t.id });
      if (!row) throw new AppError(spec.notFound);
    })
    .catch(slugRace);
}

/** Deletes an item with its votes. */
export async function deleteItem(db: Db, spec: HelpKindSpec, id: string): Promise<void> {
  const deleted = await db.delete(spec.table).where(eq(spec.table.id, id)).returning({ id: spec.table.id });
  if (deleted.length === 0) throw new AppError(spec.notFound);
}
