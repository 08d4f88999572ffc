/**
 * The training course's first edition (DECISIONS.md Training) and the demo learners' progress.
 * The course is product content, seeded on every database (an admin edits it from there); the
 * progress is demo data: the demo buyer part-way through, the hybrid demo buyer certified.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import { trainingLessons, trainingProgress, users } from '../../db/schema';
import { DEMO_LESSONS } from './lesson-content';
import { createLesson } from './service';

export const trainingCourseSeed: Seed = {
  name: 'training-course',
  async run(db: Db) {
    for (const lesson of DEMO_LESSONS) {
      const [existing] = await db
        .select({ id: trainingLessons.id })
        .from(trainingLessons)
        .where(eq(trainingLessons.slug, lesson.slug));
      if (existing) continue;
      await createLesson(
        db,
        {
          title: lesson.title,
          summary: lesson.summary,
          body: lesson.body,
          published: true,
          quiz: lesson.quiz.map((q) => ({
            question: q.question,
            options: q.options,
            hint: q.hint,
            explanation: q.explanation,
          })),
        },
        lesson.slug,
      );
    }
  },
};

/** How many lessons the demo buyer has completed. */
export const DEMO_BUYER_LESSONS_DONE = 2;

export const demoTrainingSeed: Seed = {
  name: 'demo-training',
  async run(db: Db) {
    const lessons = await db
      .select({ id: trainingLessons.id })
      .from(trainingLessons)
      .where(eq(trainingLessons.published, true))
      .orderBy(asc(trainingLessons.position));
    if (lessons.length === 0) return;
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['buyer@demo.test', 'hybrid@demo.test']));
    const buyer = people.find((p) => p.email === 'buyer@demo.test');
    const hybrid = people.find((p) => p.email === 'hybrid@demo.test');
    const day = 86_400_000;
    const now = Date.now();
    if (buyer) {
      const done = lessons.slice(0, DEMO_BUYER_LESSONS_DONE);
      await db
        .insert(trainingProgress)
        .values([
          ...done.map((l, i) => ({
            userId: buyer.id,
            lessonId: l.id,
            attempts: 1,
            reachedAt: new Date(now - (6 - i) * day),
            completedAt: new Date(now - (5 - i) * day),
          })),
          // The lesson they are on now.
          {
            userId: buyer.id,
            lessonId: lessons[DEMO_BUYER_LESSONS_DONE]!.id,
            attempts: 1,
            reachedAt: new Date(now - day),
          },
        ])
        .onConflictDoNothing();
    }
    if (hybrid) {
      await db
        .insert(trainingProgress)
        .values(
          lessons.map((l, i) => ({
            userId: hybrid.id,
            lessonId: l.id,
            attempts: 1,
            reachedAt: new Date(now - (20 - i) * day),
            completedAt: new Date(now - (19 - i) * day),
          })),
        )
        .onConflictDoNothing();
      await db
        .update(users)
        .set({ certifiedBuyer: true, certifiedAt: new Date(now - (20 - lessons.length) * day) })
        .where(and(eq(users.id, hybrid.id)));
    }
  },
};
