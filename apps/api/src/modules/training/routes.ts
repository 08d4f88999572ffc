/**
 * Training (API.md training; DECISIONS.md Training, People and access): the learner's course and
 * progress, and the admin's lessons. Content is answered in the language of `Accept-Language`, else
 * the user's preference, else English.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import { z } from 'zod';
import { lessonInputSchema, lessonOrderSchema, progressSchema } from '@dealclub/shared/training';
import { AppError } from '../../lib/app-error';
import { contentLanguage } from '../../lib/content-language';
import { MarkdownTreeSchema } from '../../lib/markdown';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { recordAdminAction } from '../audit';
import {
  adminLessons,
  createLesson,
  deleteLesson,
  listLessons,
  QuizWrongError,
  reorderLessons,
  saveProgress,
  updateLesson,
} from './service';

const Bilingual = z.object({ en: z.string(), es: z.string() });
const LessonView = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  bodyTree: MarkdownTreeSchema,
  quiz: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      options: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  unlocked: z.boolean(),
});
const Certification = { certified: z.boolean(), certifiedAt: z.string().nullable() };
const AdminLessonView = z.object({
  id: z.string(),
  position: z.number(),
  published: z.boolean(),
  title: Bilingual,
  summary: Bilingual,
  body: Bilingual,
  quiz: z.array(
    z.object({
      id: z.string(),
      question: Bilingual,
      options: z.array(z.object({ id: z.string(), text: Bilingual, correct: z.boolean() })),
      hint: Bilingual,
      explanation: Bilingual,
    }),
  ),
  reached: z.number(),
  completed: z.number(),
  updatedAt: z.string(),
});
const QuizWrong = z.object({
  code: z.literal('QUIZ_WRONG'),
  message: z.string(),
  wrong: z.array(z.string()),
  hints: z.record(z.string(), z.string()),
});
const LessonId = z.object({ lessonId: z.uuid() });
const Id = z.object({ id: z.uuid() });
/** Buyers, owners and admins learn (DECISIONS.md People and access); admins edit the course. */
const LEARNERS = { roles: BUYER_SIDE, rolesRefusal: 'TRAINING_FORBIDDEN' } as const;

export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/training/lessons',
    {
      config: LEARNERS,
      schema: {
        tags: ['training'],
        summary: "The published lessons in the reader's language, with their progress (never the answers)",
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({
            items: z.array(LessonView),
            nextCursor: z.null(),
            total: z.number(),
            ...Certification,
          }),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store').header('vary', 'Accept-Language');
      const lang = contentLanguage(request.headers['accept-language'], user.row.languagePreference);
      reply.header('content-language', lang);
      return listLessons(db(), user.id, lang);
    },
  );

  app.put(
    '/api/training/progress/:lessonId',
    {
      config: LEARNERS,
      schema: {
        tags: ['training'],
        summary: "Answer a lesson's quiz (or complete a lesson without one); 422 names the wrong answers",
        security: [{ bearerAuth: [] }],
        params: LessonId,
        body: progressSchema,
        response: {
          200: z.object({
            lessonId: z.string(),
            completed: z.literal(true),
            completedAt: z.string(),
            review: z.array(
              z.object({ questionId: z.string(), correctOptionId: z.string(), explanation: z.string() }),
            ),
            ...Certification,
            newlyCertified: z.boolean(),
            nextLessonId: z.string().nullable(),
          }),
          422: QuizWrong,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const lang = contentLanguage(request.headers['accept-language'], user.row.languagePreference);
      try {
        return await saveProgress(db(), user.id, request.params.lessonId, request.body, lang);
      } catch (error) {
        if (!(error instanceof QuizWrongError)) throw error;
        const wrong = new AppError('QUIZ_WRONG');
        return reply.status(422).send({
          code: 'QUIZ_WRONG' as const,
          message: wrong.message,
          wrong: error.wrong,
          hints: error.hints,
        });
      }
    },
  );

  app.get(
    '/api/admin/training/lessons',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['training', 'admin'],
        summary: 'Every lesson in both languages with its quiz, and how far buyers got',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({
            items: z.array(AdminLessonView),
            nextCursor: z.null(),
            total: z.number(),
            buyers: z.number(),
            certified: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminLessons(db());
    },
  );

  app.post(
    '/api/admin/training/lessons',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['training', 'admin'],
        summary: 'Add a lesson at the end of the course',
        security: [{ bearerAuth: [] }],
        body: lessonInputSchema,
        response: { 201: AdminLessonView },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const id = await createLesson(db(), request.body);
      request.log.info({ actor: admin.id, lessonId: id }, 'lesson created');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'training.lesson.create',
        targetType: 'training_lesson',
        targetId: id,
      });
      const [lesson] = (await adminLessons(db(), id)).items;
      if (!lesson) throw new AppError('LESSON_NOT_FOUND');
      return reply.status(201).send(lesson);
    },
  );

  app.put(
    '/api/admin/training/lessons/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['training', 'admin'],
        summary: 'Replace a lesson, its quiz and whether it is published',
        security: [{ bearerAuth: [] }],
        params: Id,
        body: lessonInputSchema,
        response: { 200: AdminLessonView },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await updateLesson(db(), request.params.id, request.body);
      request.log.info({ actor: admin.id, lessonId: request.params.id }, 'lesson updated');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'training.lesson.update',
        targetType: 'training_lesson',
        targetId: request.params.id,
      });
      // Deleted by another admin since: a 404, not a malformed answer.
      const [lesson] = (await adminLessons(db(), request.params.id)).items;
      if (!lesson) throw new AppError('LESSON_NOT_FOUND');
      return lesson;
    },
  );

  app.delete(
    '/api/admin/training/lessons/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['training', 'admin'],
        summary: "Delete a lesson and its learners' progress in it (badges stay)",
        security: [{ bearerAuth: [] }],
        params: Id,
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      await deleteLesson(db(), request.params.id);
      request.log.info({ actor: admin.id, lessonId: request.params.id }, 'lesson deleted');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'training.lesson.delete',
        targetType: 'training_lesson',
        targetId: request.params.id,
      });
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/admin/training/order',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['training', 'admin'],
        summary: 'Reorder the course: every lesson id, in the new order',
        security: [{ bearerAuth: [] }],
        body: lessonOrderSchema,
        response: { 200: z.object({ ids: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await reorderLessons(db(), request.body.ids);
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'training.order',
        targetType: 'training_lesson',
        details: { ids: request.body.ids },
      });
      return { ids: request.body.ids };
    },
  );
};
