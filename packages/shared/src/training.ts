/**
 * Training (DECISIONS.md Training): the progress and the admin's lesson schemas the API and the
 * admin editor share, and (re-exported from `training-rules.ts`) the limits and shapes. Messages
 * are locale keys.
 */
import { z } from 'zod';
import {
  LESSON_BODY_MAX,
  LESSON_SUMMARY_MAX,
  LESSON_TITLE_MAX,
  LESSONS_MAX,
  QUIZ_EXPLANATION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_QUESTIONS_MAX,
  QUIZ_TEXT_MAX,
} from './training-rules';

export * from './training-rules';

export const progressSchema = z.union([
  z
    .object({
      answers: z
        .record(z.string().min(1).max(64), z.string().min(1).max(64))
        .refine(
          (answers) => Object.keys(answers).length <= QUIZ_QUESTIONS_MAX,
          'training.validation.tooManyAnswers',
        ),
    })
    .strict(),
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
    // Every text written in English has its Spanish (optional ones only when they are filled in).
    const check = (text: { en: string; es: string }, path: (string | number)[]) => {
      if (text.en.trim() && !text.es.trim()) missing.push([...path, 'es']);
    };
    check(lesson.title, ['title']);
    check(lesson.summary, ['summary']);
    check(lesson.body, ['body']);
    lesson.quiz.forEach((q, i) => {
      check(q.question, ['quiz', i, 'question']);
      check(q.hint, ['quiz', i, 'hint']);
      check(q.explanation, ['quiz', i, 'explanation']);
      q.options.forEach((o, j) => check(o.text, ['quiz', i, 'options', j, 'text']));
    });
    for (const path of missing) {
      ctx.addIssue({ code: 'custom', message: 'training.admin.validation.spanishRequired', path });
    }
  });
export type LessonInput = z.input<typeof lessonInputSchema>;

/** `PUT /api/admin/training/order`: every lesson id, in the new order. */
export const lessonOrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(LESSONS_MAX) }).strict();
