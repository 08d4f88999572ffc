/**
 * Training and the Certified Buyer badge (core §2, §4, §6; DECISIONS.md Training): the shapes of the
 * training calls (API.md), their limits and the admin's lesson schema. Messages are locale keys.
 * The buyer's screen imports only types and constants from here; the admin editor and the API use
 * the schemas.
 */
import { z } from 'zod';

/** Who may take the course (DECISIONS.md People and access). */
export const TRAINING_ROLES = ['buyer', 'owner', 'admin'] as const;

export const LESSON_TITLE_MAX = 200;
export const LESSON_SUMMARY_MAX = 500;
/** A lesson's Markdown body, per language. */
export const LESSON_BODY_MAX = 40_000;
export const QUIZ_QUESTIONS_MAX = 10;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 6;
export const QUIZ_TEXT_MAX = 500;
export const QUIZ_EXPLANATION_MAX = 1_000;
/** The course's size: lessons in all, published or not. */
export const LESSONS_MAX = 100;

export type Language = 'en' | 'es';
export interface Bilingual {
  en: string;
  es: string;
}

/** A quiz question as a learner sees it: never which option is right. */
export interface QuizQuestion {
  id: string;
  question: string;
  options: { id: string; text: string }[];
}

/** `GET /api/training/lessons`: a published lesson in the reader's language, with their progress. */
export interface Lesson {
  id: string;
  position: number;
  title: string;
  summary: string;
  /** Markdown (rendered without raw HTML). */
  body: string;
  quiz: QuizQuestion[];
  completed: boolean;
  completedAt: string | null;
  /** Whether the learner may take it now: every earlier lesson is complete. */
  unlocked: boolean;
}

export interface LessonList {
  items: Lesson[];
  nextCursor: null;
  total: number;
  certified: boolean;
  certifiedAt: string | null;
}

/** A question of a completed lesson, for review: the right option and why. */
export interface QuizReview {
  questionId: string;
  correctOptionId: string;
  explanation: string;
}

/** `PUT /api/training/progress/{lessonId}` → 200. */
export interface ProgressResult {
  lessonId: string;
  completed: true;
  completedAt: string;
  review: QuizReview[];
  /** Whether this completion (or an earlier one) made the learner a Certified Buyer. */
  certified: boolean;
  certifiedAt: string | null;
  /** True only on the call that granted the badge: the screen celebrates once. */
  newlyCertified: boolean;
  /** The next published lesson still to complete, if any. */
  nextLessonId: string | null;
}

/** 422 `QUIZ_WRONG`: which questions are wrong and, for each, a hint that does not give the answer away. */
export interface QuizWrongBody {
  code: 'QUIZ_WRONG';
  message: string;
  wrong: string[];
  hints: Record<string, string>;
}

export const progressSchema = z.union([
  z.object({ answers: z.record(z.string().min(1).max(64), z.string().min(1).max(64)) }).strict(),
  z.object({ completed: z.literal(true) }).strict(),
]);
export type ProgressInput = z.infer<typeof progressSchema>;

const text = (max: number, required: boolean) =>
  required
    ? z
        .string()
        .trim()
        .min(1, 'training.admin.validation.required')
        .max(max, 'training.admin.validation.tooLong')
    : z.string().trim().max(max, 'training.admin.validation.tooLong');

/** Both languages; Spanish may stay empty while the lesson is a draft (checked by `lessonInputSchema`). */
const bilingual = (max: number) => z.object({ en: text(max, true), es: text(max, false) }).strict();
const bilingualOptional = (max: number) => z.object({ en: text(max, false), es: text(max, false) }).strict();

export const quizOptionInputSchema = z
  .object({ text: bilingual(QUIZ_TEXT_MAX), correct: z.boolean() })
  .strict();

export const quizQuestionInputSchema = z
  .object({
    question: bilingual(QUIZ_TEXT_MAX),
    options: z
      .array(quizOptionInputSchema)
      .min(QUIZ_OPTIONS_MIN, 'training.admin.validation.optionsMin')
      .max(QUIZ_OPTIONS_MAX, 'training.admin.validation.optionsMax'),
    /** Shown after a wrong answer: points the learner back without naming the right option. */
    hint: bilingualOptional(QUIZ_EXPLANATION_MAX),
    /** Shown once the lesson is complete: why the right option is right. */
    explanation: bilingualOptional(QUIZ_EXPLANATION_MAX),
  })
  .strict()
  .refine((q) => q.options.filter((o) => o.correct).length === 1, {
    message: 'training.admin.validation.oneCorrect',
    path: ['options'],
  });

/** `POST /api/admin/training/lessons` and `PUT …/{id}`: the whole lesson with its quiz. */
export const lessonInputSchema = z
  .object({
    title: bilingual(LESSON_TITLE_MAX),
    summary: bilingualOptional(LESSON_SUMMARY_MAX),
    body: bilingual(LESSON_BODY_MAX),
    quiz: z.array(quizQuestionInputSchema).max(QUIZ_QUESTIONS_MAX, 'training.admin.validation.questionsMax'),
    published: z.boolean(),
  })
  .strict()
  .superRefine((lesson, ctx) => {
    if (!lesson.published) return;
    // A published lesson is complete in both languages (DECISIONS.md: both languages).
    const missing: (string | number)[][] = [];
    if (!lesson.title.es) missing.push(['title', 'es']);
    if (!lesson.body.es) missing.push(['body', 'es']);
    lesson.quiz.forEach((q, i) => {
      if (!q.question.es) missing.push(['quiz', i, 'question', 'es']);
      q.options.forEach((o, j) => {
        if (!o.text.es) missing.push(['quiz', i, 'options', j, 'text', 'es']);
      });
    });
    for (const path of missing) {
      ctx.addIssue({ code: 'custom', message: 'training.admin.validation.spanishRequired', path });
    }
  });
export type LessonInput = z.input<typeof lessonInputSchema>;

export interface AdminQuizQuestion {
  id: string;
  question: Bilingual;
  options: { id: string; text: Bilingual; correct: boolean }[];
  hint: Bilingual;
  explanation: Bilingual;
}

/** A lesson as the admin edits it, with how far buyers got. */
export interface AdminLesson {
  id: string;
  position: number;
  published: boolean;
  title: Bilingual;
  summary: Bilingual;
  body: Bilingual;
  quiz: AdminQuizQuestion[];
  /** Buyers who opened this lesson as their current one, or completed it. */
  reached: number;
  /** Buyers who completed it. */
  completed: number;
  updatedAt: string;
}

/** `GET /api/admin/training/lessons`. */
export interface AdminLessonList {
  items: AdminLesson[];
  nextCursor: null;
  total: number;
  /** Buyers in all, and how many hold the Certified Buyer badge. */
  buyers: number;
  certified: number;
}

/** `PUT /api/admin/training/order`: every lesson id, in the new order. */
export const lessonOrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(LESSONS_MAX) }).strict();
