import { Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { numberFormat } from '@dealclub/shared/format';
import type { AdminLessonList } from '@dealclub/shared/training';
import { PageFallback } from '@/components/layout/page-fallback';
import { PartBoundary, retryableLazy } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { RequireSession } from '@/lib/session/require-session';
import { useAdminLessons } from '../api/training';
import { AdminLessonTable } from '../components/admin-lesson-table';

// The editor (its schemas, zod and the Markdown preview) loads when a lesson is opened, not with
// the list: a list's first visit stays within the 170 KB of script (issue 32).
const AdminLessonEditor = retryableLazy(async () => ({
  default: (await import('../components/admin-lesson-editor')).AdminLessonEditor,
}));

const LIST = '/admin/training';

/**
 * `/admin/training`: the course's lessons with buyers' progress, their order and publishing; and,
 * at `?edit=<id>` or `?edit=new`, the lesson editor, a view of its own so that Back leaves it.
 */
export default function AdminTrainingPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminTraining'));
  const textsReady = useLocaleSection('training');
  if (!textsReady) return <PageFallback />;
  return (
    <RequireSession>
      {(user) => (user.roles.includes('admin') ? <AdminTraining /> : <Navigate to="/unauthorized" replace />)}
    </RequireSession>
  );
}

function AdminTraining() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const edit = params.get('edit');
  const lessons = useAdminLessons();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      {lessons.isPending ? (
        <PageFallback />
      ) : lessons.isError ? (
        <>
          <h1 className="mb-6 text-3xl font-bold">{t('trainingAdmin.title')}</h1>
          <LoadFailed message={t('trainingAdmin.loadFailed')} onRetry={() => void lessons.refetch()} />
        </>
      ) : edit ? (
        <EditorView key={edit} id={edit} list={lessons.data} />
      ) : (
        <CourseView list={lessons.data} />
      )}
    </section>
  );
}

function CourseView({ list }: { list: AdminLessonList }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  const published = list.items.filter((l) => l.published).length;
  const figures = [
    { label: t('trainingAdmin.figures.buyers'), value: number.format(list.buyers) },
    { label: t('trainingAdmin.figures.certified'), value: number.format(list.certified) },
    {
      label: t('trainingAdmin.figures.published'),
      value: t('trainingAdmin.figures.publishedOf', {
        published: number.format(published),
        total: number.format(list.total),
      }),
    },
  ];
  return (
    <div className="grid gap-8">
      <div className="grid gap-3">
        <Link to="/admin" className="w-fit font-medium text-brand-800 underline">
          {t('trainingAdmin.backToAdmin')}
        </Link>
        <h1 className="text-3xl font-bold">{t('trainingAdmin.title')}</h1>
        <p className="max-w-3xl text-slate-700">{t('trainingAdmin.lead')}</p>
      </div>
      <dl aria-label={t('trainingAdmin.figures.label')} className="grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-700">{f.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="lessons-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lessons-title" className="text-2xl font-semibold">
            {t('trainingAdmin.lessons.title')}
          </h2>
          <Link
            to={`${LIST}?edit=new`}
            state={{ fromList: true }}
            className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            <Plus aria-hidden className="size-4" />
            {t('trainingAdmin.lessons.newLesson')}
          </Link>
        </div>
        <AdminLessonTable lessons={list.items} />
      </section>
    </div>
  );
}

function EditorView({ id, list }: { id: string; list: AdminLessonList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: a lesson deleted from here must not turn into "not found" before the editor closes.
  const [lesson] = useState(() => list.items.find((l) => l.id === id));
  const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  // Back to the list the editor was opened from (so that Forward still reopens it), else to a
  // fresh list in place of the editor.
  const close = () => (cameFromList ? navigate(-1) : navigate(LIST, { replace: true }));

  if (id !== 'new' && !lesson) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold">{t('trainingAdmin.editor.editTitle')}</h1>
        <FormAlert>{t('trainingAdmin.editor.notFound')}</FormAlert>
        <Link to={LIST} className="w-fit font-medium text-brand-800 underline">
          {t('trainingAdmin.editor.back')}
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <Link
        to={LIST}
        onClick={(e) => {
          e.preventDefault();
          close();
        }}
        className="w-fit font-medium text-brand-800 underline"
      >
        {t('trainingAdmin.editor.back')}
      </Link>
      <PartBoundary
        onFailed={() => {
          AdminLessonEditor.retry();
          close();
        }}
      >
        <Suspense fallback={<PageFallback />}>
          <AdminLessonEditor lesson={lesson} onClose={close} />
        </Suspense>
      </PartBoundary>
    </div>
  );
}
