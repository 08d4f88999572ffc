import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  AdminLesson,
  AdminLessonList,
  LessonInput,
  LessonList,
  ProgressInput,
  ProgressResult,
} from '@dealclub/shared/training';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sessionManager } from '@/lib/session/session-manager';

/** The course in the app's current language (API.md: content follows `Accept-Language`). */
export function useLessons() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['training', 'lessons', language],
    queryFn: () => apiRequest<LessonList>('/api/training/lessons', { language }),
    // Ids do not depend on the language: a switch keeps the screen (and a quiz in progress) while
    // the other language's texts arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSaveProgress() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: ProgressInput }) =>
      apiRequest<ProgressResult>(`/api/training/progress/${lessonId}`, {
        method: 'PUT',
        data: input,
        language: i18n.language,
      }),
    onSuccess: (result) => {
      // Not awaited: the save is done; a failed re-read must not look like a failed save.
      void client.invalidateQueries({ queryKey: ['training', 'lessons'] });
      // The badge shows wherever the session's user is read (profile, header).
      if (result.newlyCertified) void sessionManager.reloadUser();
    },
    // The course changed under the learner (a lesson or question added, moved or removed): read it again.
    onError: (error) => {
      if (error instanceof ApiError && [400, 404, 409].includes(error.status)) {
        void client.invalidateQueries({ queryKey: ['training', 'lessons'] });
      }
    },
  });
}

const ADMIN_KEY = ['admin', 'training'];

export const useAdminLessons = () =>
  useQuery({
    queryKey: ADMIN_KEY,
    queryFn: () => apiRequest<AdminLessonList>('/api/admin/training/lessons'),
  });

function useAdminMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export const useCreateLesson = () =>
  useAdminMutation((input: LessonInput) =>
    apiRequest<AdminLesson>('/api/admin/training/lessons', { method: 'POST', data: input }),
  );

export const useUpdateLesson = () =>
  useAdminMutation(({ id, input }: { id: string; input: LessonInput }) =>
    apiRequest<AdminLesson>(`/api/admin/training/lessons/${id}`, { method: 'PUT', data: input }),
  );

export const useDeleteLesson = () =>
  useAdminMutation((id: string) =>
    apiRequest<null>(`/api/admin/training/lessons/${id}`, { method: 'DELETE' }),
  );

export const useReorderLessons = () =>
  useAdminMutation((ids: string[]) =>
    apiRequest<{ ids: string[] }>('/api/admin/training/order', { method: 'PUT', data: { ids } }),
  );

/** The editable form of a lesson (what `PUT` takes back). */
export function lessonInput(lesson: AdminLesson): LessonInput {
  return {
    title: lesson.title,
    summary: lesson.summary,
    body: lesson.body,
    published: lesson.published,
    quiz: lesson.quiz.map((q) => ({
      question: q.question,
      hint: q.hint,
      explanation: q.explanation,
      options: q.options.map((o) => ({ text: o.text, correct: o.correct })),
    })),
  };
}
