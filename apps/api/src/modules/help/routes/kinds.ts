/**
 * What the help centre's calls share: the answer schemas, the reader's language, and the two kinds
 * of item — articles and Q&A have the same calls, each kind described once here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LANGUAGES, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type Language } from '@dealclub/shared/constants';
import {
  HELP_CATEGORIES,
  helpArticleInputSchema,
  helpCategorySchema,
  helpQaInputSchema,
  helpQuerySchema,
} from '@dealclub/shared/help';
import { contentLanguage } from '../../../lib/content-language';
import { MarkdownTreeSchema } from '../../../lib/markdown';
import {
  ARTICLES,
  QUESTIONS,
  type AdminHelpItem,
  type HelpItemInput,
  type HelpKindSpec,
  type HelpListItem,
  type HelpPage,
} from '../service';

export const auth = { security: [{ bearerAuth: [] }] };
export const Snippet = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
});
export const Bilingual = z.object({ en: z.string(), es: z.string() });
export const Category = z.enum(HELP_CATEGORIES);
export const Lang = z
  .enum(LANGUAGES)
  .optional()
  .meta({ description: 'The language of the texts (else Accept-Language)' });
/** An item's id or slug; anything else is a 404, like an unknown one. */
export const IdOrSlug = z.object({ id: z.string().min(1).max(100) });
export const Id = z.object({ id: z.uuid() });
const Page = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};
export const ListQuery = z.object({
  q: helpQuerySchema.optional().meta({ description: 'Search words; the last one as a prefix while typed' }),
  category: helpCategorySchema.optional(),
  lang: Lang,
  ...Page,
});
export const AdminListQuery = z.object({
  category: helpCategorySchema.optional(),
  published: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...Page,
});
const Votes = z.object({ helpful: z.number(), notHelpful: z.number() });
const AdminCommon = {
  id: z.string(),
  slug: z.string(),
  category: Category,
  position: z.number(),
  published: z.boolean(),
  votes: Votes,
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

/** A list's item: its heading (a title or a question) and its snippet, highlighted. */
const listItemOf = <H extends string>(heading: H) =>
  z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    ...({ [heading]: Snippet } as Record<H, typeof Snippet>),
    snippet: Snippet,
    updatedAt: z.string(),
  });

/** A published item as a reader reads it: its heading and its Markdown text. */
const pageOf = <H extends string, T extends string>(heading: H, text: T) =>
  z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    ...({ [heading]: z.string() } as Record<H, z.ZodString>),
    ...({ [text]: z.string().meta({ description: 'Markdown, rendered without raw HTML' }) } as Record<
      T,
      z.ZodString
    >),
    ...({ [`${text}Tree`]: MarkdownTreeSchema } as Record<`${T}Tree`, typeof MarkdownTreeSchema>),
    updatedAt: z.string(),
    myVote: z.boolean().nullable(),
    language: z.enum(LANGUAGES),
  });

/** The reader's language (module comment), announced on the answer. */
export function readerLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Language | undefined,
): Language {
  const language =
    lang ?? contentLanguage(request.headers['accept-language'], request.user?.row.languagePreference);
  reply
    .header('content-language', language)
    .header('vary', 'Accept-Language, Authorization')
    .header('cache-control', 'no-store');
  return language;
}

interface HelpKindRoutes {
  spec: HelpKindSpec;
  /** The path segment: `articles` or `qa`. */
  path: string;
  /** What one is called in the docs. */
  noun: string;
  listItem: z.ZodType;
  page: z.ZodType;
  admin: z.ZodType;
  input: z.ZodType;
  toListItem(item: HelpListItem): unknown;
  toPage(page: HelpPage, language: Language): unknown;
  toAdmin(item: AdminHelpItem): unknown;
  fromInput(body: never): HelpItemInput;
}

const ARTICLE_ROUTES: HelpKindRoutes = {
  spec: ARTICLES,
  path: 'articles',
  noun: 'article',
  listItem: listItemOf('title'),
  page: pageOf('title', 'body'),
  admin: z.object({ ...AdminCommon, title: Bilingual, body: Bilingual }),
  input: helpArticleInputSchema,
  toListItem: (item) => item,
  toPage: (page, language) => ({ ...page, language }),
  toAdmin: (item) => item,
  fromInput: (body: z.output<typeof helpArticleInputSchema>) => body,
};

const QA_ROUTES: HelpKindRoutes = {
  spec: QUESTIONS,
  path: 'qa',
  noun: 'question and answer',
  listItem: listItemOf('question'),
  page: pageOf('question', 'answer'),
  admin: z.object({ ...AdminCommon, question: Bilingual, answer: Bilingual }),
  input: helpQaInputSchema,
  toListItem: ({ title, ...item }) => ({ ...item, question: title }),
  toPage: ({ title, body, bodyTree, ...page }, language) => ({
    ...page,
    question: title,
    answer: body,
    answerTree: bodyTree,
    language,
  }),
  toAdmin: ({ title, body, ...item }) => ({ ...item, question: title, answer: body }),
  fromInput: ({ question, answer, ...rest }: z.output<typeof helpQaInputSchema>) => ({
    ...rest,
    title: question,
    body: answer,
  }),
};

/** Articles and Q&A: the same calls for each. */
export const HELP_KINDS = [ARTICLE_ROUTES, QA_ROUTES];
