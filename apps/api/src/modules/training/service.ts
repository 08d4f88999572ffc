/**
 * Training and the Certified Buyer badge (DECISIONS.md Training). Learners take the published
 * lessons in order; a lesson completes when every quiz answer is right, and completing every
 * published lesson grants the badge with its date. The right answers never leave the server before
 * the learner completes the lesson; a wrong answer gets a hint instead. Lessons added later do not
 * take the badge away.
 */
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FieldError } from '@dealclub/shared/errors';
import {
  LESSONS_MAX,
  type AdminLesson,
  type AdminLessonList,
  type Language,
  type Lesson,
  type LessonInput,
  type LessonList,
  type ProgressInput,
  type ProgressResult,
} from '@dealclub/shared/training';
import type { Db } from '../../db/client';
import {
  trainingLessons,
  trainingOptions,
  trainingProgress,
  trainingQuestions,
  users,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { markdownTreeOf } from '../../lib/markdown';
import { advisoryXactLock } from '../../db/advisory-lock';

type LessonRow = typeof trainingLessons.$inferSelect;
type QuestionRow = typeof trainingQuestions.$inferSelect;
type OptionRow = typeof trainingOptions.$inferSelect;

/** A lesson's text in one language (a draft's empty Spanish falls back to English). */
function pick(row: Record<string, unknown>, field: string, lang: Language): string {
  const es = row[`${field}Es`] as string;
  return lang === 'es' && es ? es : (row[`${field}En`] as string);
}

interface QuizRows {
  questions: QuestionRow[];
  options: OptionRow[];
}

async function quizOf(db: Db, lessonIds: string[]): Promise<QuizRows> {
  if (lessonIds.length === 0) return { questions: [], options: [] };
  const questions = await db
    .select()
    .from(trainingQuestions)
    .where(inArray(trainingQuestions.lessonId, lessonIds))
    .orderBy(asc(trainingQuestions.position));
  const options = questions.length
    ? await db
        .select()
        .from(trainingOptions)
        .where(
          inArray(
            trainingOptions.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(trainingOptions.position))
    : [];
  return { questions, options };
}

const publishedLessons = (db: Db) =>
  db
    .select()
    .from(trainingLessons)
    .where(eq(trainingLessons.published, true))
    .orderBy(asc(trainingLessons.position), asc(trainingLessons.createdAt));

async function completions(db: Db, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ lessonId: trainingProgress.lessonId, completedAt: trainingProgress.completedAt })
    .from(trainingProgress)
    .where(and(eq(trainingProgress.userId, userId), isNotNull(trainingProgress.completedAt)));
  return new Map(rows.map((r) => [r.lessonId, r.completedAt!]));
}

/**
 * Grants the badge when every published lesson is complete (and there is at least one). Only the
 * call that flips the flag sees `granted`, so two concurrent completions celebrate once.
 */
async function certifyIfComplete(
  db: Db,
  userId: string,
  lessons: LessonRow[],
  done: Map<string, Date>,
): Promise<{ granted: boolean }> {
  if (lessons.length === 0 || !lessons.every((l) => done.has(l.id))) return { granted: false };
  const flipped = await db
    .update(users)
    .set({ certifiedBuyer: true, certifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.certifiedBuyer, false)))
    .returning({ id: users.id });
  return { granted: flipped.length > 0 };
}

async function certification(db: Db, userId: string) {
  const [row] = await db
    .select({ certified: users.certifiedBuyer, at: users.certifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return { certified: row?.certified ?? false, certifiedAt: row?.at?.toISOString() ?? null };
}

/**
 * `GET /api/training/lessons`: the published course in `lang` with the learner's progress. Opening
 * the course marks the learner's current lesson as reached (the admin's figures), and grants the
 * badge to a learner who has completed every published lesson since lessons were removed.
 */
export async function listLessons(db: Db, userId: string, lang: Language): Promise<LessonList> {
  const lessons = await publishedLessons(db);
  const { questions, options } = await quizOf(
    db,
    lessons.map((l) => l.id),
  );
  const done = await completions(db, userId);
  const current = lessons.find((l) => !done.has(l.id));
  if (current) {
    await db.insert(trainingProgress).values({ userId, lessonId: current.id }).onConflictDoNothing();
  } else {
    await certifyIfComplete(db, userId, lessons, done);
  }
  let unlocked = true;
  const items = lessons.map((lesson, index): Lesson => {
    const completedAt = done.get(lesson.id) ?? null;
    const item: Lesson = {
      id: lesson.id,
      slug: lesson.slug,
      position: index + 1,
      title: pick(lesson, 'title', lang),
      summary: pick(lesson, 'summary', lang),
      body: pick(lesson, 'body', lang),
      bodyTree: markdownTreeOf(pick(lesson, 'body', lang)),
      quiz: questions
        .filter((q) => q.lessonId === lesson.id)
        .map((q) => ({
          id: q.id,
          question: pick(q, 'question', lang),
          options: options
            .filter((o) => o.questionId === q.id)
            .map((o) => ({ id: o.id, text: pick(o, 'text', lang) })),
        })),
      completed: completedAt !== null,
      completedAt: completedAt?.toISOString() ?? null,
      // A completed lesson stays open for review even when a lesson added before it is not done.
      unlocked: unlocked || completedAt !== null,
    };
    if (!completedAt) unlocked = false;
    return item;
  });
  return { items, nextCursor: null, total: items.length, ...(await certification(db, userId)) };
}

/** A 422 answer: the wrong questions and a hint for each, never the right option. */
export class QuizWrongError extends Error {
  constructor(
    readonly wrong: string[],
    readonly hints: Record<string, string>,
  ) {
    super('QUIZ_WRONG');
  }
}

/**
 * `PUT /api/training/progress/{lessonId}`: completes the lesson when every answer is right. The
 * attempt is counted whether right or wrong. Completing a lesson again is harmless: its first
 * completion date stays.
 */
export async function saveProgress(
  db: Db,
  userId: string,
  lessonId: string,
  input: ProgressInput,
  lang: Language,
): Promise<ProgressResult> {
  const outcome = await db.transaction(async (tx) => {
    // One learner's saves run one at a time, so the badge and the order checks see settled rows.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const lessons = await publishedLessons(tx as unknown as Db);
    const index = lessons.findIndex((l) => l.id === lessonId);
    const lesson = lessons[index];
    if (!lesson) throw new AppError('LESSON_NOT_FOUND');
    // Held until the save commits, so an admin cannot delete the lesson under it.
    await tx.execute(sql`select 1 from ${trainingLessons} where id = ${lesson.id} for key share`);
    const done = await completions(tx as unknown as Db, userId);
    if (lessons.slice(0, index).some((l) => !done.has(l.id))) throw new AppError('LESSON_LOCKED');

    const { questions, options } = await quizOf(tx as unknown as Db, [lesson.id]);
    const wrong = gradeAnswers(questions, options, input);

    const now = new Date();
    const [progress] = await tx
      .insert(trainingProgress)
      .values({ userId, lessonId, attempts: 1, completedAt: wrong.length ? null : now })
      .onConflictDoUpdate({
        target: [trainingProgress.userId, trainingProgress.lessonId],
        set: {
          attempts: sql`${trainingProgress.attempts} + 1`,
          completedAt: wrong.length
            ? trainingProgress.completedAt
            : sql`coalesce(${trainingProgress.completedAt}, now())`,
        },
      })
      .returning();
    if (wrong.length) {
      const hints = Object.fromEntries(
        questions.filter((q) => wrong.includes(q.id)).map((q) => [q.id, pick(q, 'hint', lang)]),
      );
      return { kind: 'wrong', wrong, hints } as const;
    }
    done.set(lessonId, progress!.completedAt ?? now);
    const { granted } = await certifyIfComplete(tx as unknown as Db, userId, lessons, done);
    const next = lessons.find((l) => !done.has(l.id));
    const result: ProgressResult = {
      lessonId,
      completed: true,
      completedAt: (progress!.completedAt ?? now).toISOString(),
      review: questions.map((q) => ({
        questionId: q.id,
        correctOptionId: options.find((o) => o.questionId === q.id && o.correct)!.id,
        explanation: pick(q, 'explanation', lang),
      })),
      ...(await certification(tx as unknown as Db, userId)),
      newlyCertified: granted,
      nextLessonId: next?.id ?? null,
    };
    return { kind: 'done', result } as const;
  });
  if (outcome.kind === 'wrong') throw new QuizWrongError(outcome.wrong, outcome.hints);
  return outcome.result;
}

/**
 * The ids of the wrongly answered questions. A malformed submission (a question missing or unknown,
 * an option of another question, a bare `completed` for a lesson that has a quiz) is a 400.
 */
function gradeAnswers(questions: QuestionRow[], options: OptionRow[], input: ProgressInput): string[] {
  if ('completed' in input) {
    if (questions.length === 0) return [];
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('answers', 'training.validation.answerAll'),
    ]);
  }
  const errors: FieldError[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(input.answers)) {
    if (!known.has(id)) errors.push(fieldError(`answers.${id}`, 'training.validation.unknownQuestion'));
  }
  const wrong: string[] = [];
  for (const q of questions) {
    const chosen = input.answers[q.id];
    if (chosen === undefined) {
      errors.push(fieldError(`answers.${q.id}`, 'training.validation.answerAll'));
      continue;
    }
    const option = options.find((o) => o.id === chosen && o.questionId === q.id);
    if (!option) errors.push(fieldError(`answers.${q.id}`, 'training.validation.unknownOption'));
    else if (!option.correct) wrong.push(q.id);
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return wrong;
}

// ---------------------------------------------------------------------------------------------
// The admin's course

function toAdminLesson(
  lesson: LessonRow,
  quiz: QuizRows,
  figures: Map<string, { reached: number; completed: number }>,
): AdminLesson {
  const both = (row: Record<string, unknown>, field: string) => ({
    en: row[`${field}En`] as string,
    es: row[`${field}Es`] as string,
  });
  return {
    id: lesson.id,
    position: lesson.position,
    published: lesson.published,
    title: both(lesson, 'title'),
    summary: both(lesson, 'summary'),
    body: both(lesson, 'body'),
    quiz: quiz.questions
      .filter((q) => q.lessonId === lesson.id)
      .map((q) => ({
        id: q.id,
        question: both(q, 'question'),
        options: quiz.options
          .filter((o) => o.questionId === q.id)
          .map((o) => ({ id: o.id, text: both(o, 'text'), correct: o.correct })),
        hint: both(q, 'hint'),
        explanation: both(q, 'explanation'),
      })),
    reached: figures.get(lesson.id)?.reached ?? 0,
    completed: figures.get(lesson.id)?.completed ?? 0,
    updatedAt: lesson.updatedAt.toISOString(),
  };
}

const isBuyer = sql`'buyer' = any(${users.roles})`;

export async function adminLessons(db: Db, only?: string): Promise<AdminLessonList> {
  const lessons = await db
    .select()
    .from(trainingLessons)
    .where(only ? eq(trainingLessons.id, only) : undefined)
    .orderBy(asc(trainingLessons.position), asc(trainingLessons.createdAt));
  const quiz = await quizOf(
    db,
    lessons.map((l) => l.id),
  );
  const figureRows = await db
    .select({
      lessonId: trainingProgress.lessonId,
      reached: count(),
      completed: sql<number>`count(${trainingProgress.completedAt})::int`,
    })
    .from(trainingProgress)
    .innerJoin(users, eq(users.id, trainingProgress.userId))
    .where(isBuyer)
    .groupBy(trainingProgress.lessonId);
  const figures = new Map(
    figureRows.map((r) => [r.lessonId, { reached: r.reached, completed: Number(r.completed) }]),
  );
  const [buyers] = await db
    .select({
      all: count(),
      certified: sql<number>`count(*) filter (where ${users.certifiedBuyer})::int`,
    })
    .from(users)
    .where(isBuyer);
  const items = lessons.map((l) => toAdminLesson(l, quiz, figures));
  return {
    items,
    nextCursor: null,
    total: items.length,
    buyers: buyers?.all ?? 0,
    certified: Number(buyers?.certified ?? 0),
  };
}

/**
 * Writes a lesson's quiz. Questions and answers are updated in place by position, so their ids
 * stay the same when an edit keeps the quiz's shape (a learner in the middle of the quiz can still
 * send their answers after the admin fixes a typo or publishes); extra ones are added or removed.
 */
async function writeQuiz(db: Db, lessonId: string, quiz: LessonInput['quiz']) {
  const existing = await quizOf(db, [lessonId]);
  for (const [i, q] of quiz.entries()) {
    const columns = {
      position: i + 1,
      questionEn: q.question.en.trim(),
      questionEs: q.question.es.trim(),
      hintEn: q.hint.en.trim(),
      hintEs: q.hint.es.trim(),
      explanationEn: q.explanation.en.trim(),
      explanationEs: q.explanation.es.trim(),
    };
    const kept = existing.questions[i];
    let questionId: string;
    if (kept) {
      await db.update(trainingQuestions).set(columns).where(eq(trainingQuestions.id, kept.id));
      questionId = kept.id;
    } else {
      const [row] = await db
        .insert(trainingQuestions)
        .values({ lessonId, ...columns })
        .returning({ id: trainingQuestions.id });
      questionId = row!.id;
    }
    const options = existing.options.filter((o) => o.questionId === questionId);
    for (const [j, o] of q.options.entries()) {
      const values = {
        position: j + 1,
        textEn: o.text.en.trim(),
        textEs: o.text.es.trim(),
        correct: o.correct,
      };
      const keptOption = options[j];
      if (keptOption)
        await db.update(trainingOptions).set(values).where(eq(trainingOptions.id, keptOption.id));
      else await db.insert(trainingOptions).values({ questionId, ...values });
    }
    const extraOptions = options.slice(q.options.length).map((o) => o.id);
    if (extraOptions.length)
      await db.delete(trainingOptions).where(inArray(trainingOptions.id, extraOptions));
  }
  const extra = existing.questions.slice(quiz.length).map((q) => q.id);
  if (extra.length) await db.delete(trainingQuestions).where(inArray(trainingQuestions.id, extra));
}

const lessonColumns = (input: LessonInput) => ({
  published: input.published,
  titleEn: input.title.en.trim(),
  titleEs: input.title.es.trim(),
  summaryEn: input.summary.en.trim(),
  summaryEs: input.summary.es.trim(),
  bodyEn: input.body.en.trim(),
  bodyEs: input.body.es.trim(),
});

/** Serialises the admin's changes to the course (positions stay 1…n). */
const lockCourse = (db: Db) => advisoryXactLock(db, 'course');

export async function createLesson(db: Db, input: LessonInput, slug?: string): Promise<string> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockCourse(t);
    const [stats] = await t
      .select({ n: count(), last: sql<number>`coalesce(max(${trainingLessons.position}), 0)::int` })
      .from(trainingLessons);
    if ((stats?.n ?? 0) >= LESSONS_MAX) throw new AppError('LESSON_LIMIT');
    const [row] = await t
      .insert(trainingLessons)
      .values({ ...lessonColumns(input), slug: slug ?? null, position: Number(stats?.last ?? 0) + 1 })
      .returning({ id: trainingLessons.id });
    await writeQuiz(t, row!.id, input.quiz);
    return row!.id;
  });
}

export async function updateLesson(db: Db, id: string, input: LessonInput): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockCourse(t);
    const [row] = await t
      .update(trainingLessons)
      .set({ ...lessonColumns(input), updatedAt: new Date() })
      .where(eq(trainingLessons.id, id))
      .returning({ id: trainingLessons.id });
    if (!row) throw new AppError('LESSON_NOT_FOUND');
    await writeQuiz(t, id, input.quiz);
  });
}

export async function deleteLesson(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockCourse(t);
    const deleted = await t
      .delete(trainingLessons)
      .where(eq(trainingLessons.id, id))
      .returning({ id: trainingLessons.id });
    if (deleted.length === 0) throw new AppError('LESSON_NOT_FOUND');
    await renumber(t, await orderedIds(t));
  });
}

async function orderedIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: trainingLessons.id })
    .from(trainingLessons)
    .orderBy(asc(trainingLessons.position), asc(trainingLessons.createdAt));
  return rows.map((r) => r.id);
}

async function renumber(db: Db, ids: string[]) {
  for (const [i, id] of ids.entries()) {
    await db
      .update(trainingLessons)
      .set({ position: i + 1 })
      .where(eq(trainingLessons.id, id));
  }
}

/** `PUT /api/admin/training/order`: `ids` must name every lesson exactly once. */
export async function reorderLessons(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockCourse(t);
    const current = await orderedIds(t);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== current.length || current.some((id) => !given.has(id))) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        fieldError('ids', 'training.admin.validation.order'),
      ]);
    }
    await renumber(t, ids);
  });
}
