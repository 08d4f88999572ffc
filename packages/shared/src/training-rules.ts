/**
 * Training and the Certified Buyer badge (core §2, §4, §6; DECISIONS.md Training) without schemas:
 * who may learn, the limits and the shapes of the training calls (API.md). Kept apart from the
 * admin's lesson schema (`training.ts`) so that the learner's screen does not load zod.
 */
import type { MarkdownNode } from './markdown-tree';

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
  /** The stable name of a lesson of the product's course, for links (`/training?lesson=<slug>`). */
  slug: string | null;
  position: number;
  title: string;
  summary: string;
  /** Markdown (rendered without raw HTML). */
  body: string;
  /** The body parsed for display (decision 039). */
  bodyTree: MarkdownNode[];
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
