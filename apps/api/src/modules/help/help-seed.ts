/**
 * The help centre's first edition (DECISIONS.md, Help: at least 10 articles and 10 Q&A in each
 * language ship with the product): product content, seeded on every database once, published. An
 * item an admin already holds under the same slug is left as it is.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import { HELP_ARTICLES } from './content/articles';
import { HELP_QUESTIONS } from './content/questions';
import { ARTICLES, createItem, QUESTIONS, type HelpItemInput, type HelpKindSpec } from './service';

async function seedItems(db: Db, spec: HelpKindSpec, items: (HelpItemInput & { slug: string })[]) {
  for (const [index, item] of items.entries()) {
    const [existing] = await db
      .select({ id: spec.table.id })
      .from(spec.table)
      .where(eq(spec.table.slug, item.slug));
    if (!existing) await createItem(db, spec, { ...item, position: index + 1 }, null);
  }
}

export const helpCentreSeed: Seed = {
  name: 'help-centre',
  async run(db: Db) {
    await seedItems(
      db,
      ARTICLES,
      HELP_ARTICLES.map((a) => ({ ...a, published: true })),
    );
    await seedItems(
      db,
      QUESTIONS,
      HELP_QUESTIONS.map(({ question, answer, ...q }) => ({
        ...q,
        title: question,
        body: answer,
        published: true,
      })),
    );
  },
};
