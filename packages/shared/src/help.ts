/**
 * The help centre's schemas the API and the admin editor share (DECISIONS.md, Help, feedback and
 * roadmap), and (re-exported from `help-rules.ts`) the limits and shapes. Messages are locale keys.
 */
import { z } from 'zod';
import {
  HELP_BODY_MAX,
  HELP_CATEGORIES,
  HELP_QUERY_MAX,
  HELP_SLUG_MAX,
  HELP_SLUG_PATTERN,
  HELP_TITLE_MAX,
  UUID_PATTERN,
} from './help-rules';

export * from './help-rules';

const text = (max: number, required: boolean) =>
  required
    ? z.string().trim().min(1, 'help.validation.required').max(max, 'help.validation.tooLong')
    : z.string().trim().max(max, 'help.validation.tooLong');

/** English is always written; Spanish may stay empty while the item is a draft. */
const bilingual = (max: number) => z.object({ en: text(max, true), es: text(max, false) }).strict();

export const helpSlugSchema = z
  .string()
  .trim()
  .min(1, 'help.validation.slug')
  .max(HELP_SLUG_MAX, 'help.validation.slug')
  .regex(HELP_SLUG_PATTERN, 'help.validation.slug')
  .refine((slug) => !UUID_PATTERN.test(slug), 'help.validation.slug');

export const helpCategorySchema = z.enum(HELP_CATEGORIES, { message: 'help.validation.category' });

/** A published item is complete in both languages (DECISIONS.md: both languages). */
function requireSpanishWhenPublished(fields: readonly string[]) {
  return (item: Record<string, unknown> & { published: boolean }, ctx: z.RefinementCtx) => {
    if (!item.published) return;
    for (const field of fields) {
      const value = item[field] as { en: string; es: string };
      if (!value.es.trim()) {
        ctx.addIssue({ code: 'custom', message: 'help.validation.spanishRequired', path: [field, 'es'] });
      }
    }
  };
}

/**
 * `POST /api/help/admin/articles` and `PUT …/{id}`: the whole article. Without a slug, a new
 * article takes one made from its English title and an edited one keeps its own; without a
 * position, a new article goes last.
 */
export const helpArticleInputSchema = z
  .object({
    slug: helpSlugSchema.optional(),
    category: helpCategorySchema,
    position: z.number().int().min(0).max(100_000).optional(),
    title: bilingual(HELP_TITLE_MAX),
    body: bilingual(HELP_BODY_MAX),
    published: z.boolean(),
  })
  .strict()
  .superRefine(requireSpanishWhenPublished(['title', 'body']));
export type HelpArticleInput = z.input<typeof helpArticleInputSchema>;

/** `POST /api/help/admin/qa` and `PUT …/{id}`: the whole question and answer. */
export const helpQaInputSchema = z
  .object({
    slug: helpSlugSchema.optional(),
    category: helpCategorySchema,
    position: z.number().int().min(0).max(100_000).optional(),
    question: bilingual(HELP_TITLE_MAX),
    answer: bilingual(HELP_BODY_MAX),
    published: z.boolean(),
  })
  .strict()
  .superRefine(requireSpanishWhenPublished(['question', 'answer']));
export type HelpQaInput = z.input<typeof helpQaInputSchema>;

/** `POST /api/help/articles/{id}/helpful` and `/api/help/qa/{id}/helpful`. */
export const helpVoteSchema = z
  .object({ helpful: z.boolean({ message: 'help.validation.helpful' }) })
  .strict();
export type HelpVoteInput = z.infer<typeof helpVoteSchema>;

/** The search box: as typed; the API reads its words. */
export const helpQuerySchema = z.string().max(HELP_QUERY_MAX, 'help.validation.queryTooLong');
