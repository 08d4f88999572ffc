import { CheckCircle2, Circle, Lock, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isErrorBody } from '@dealclub/shared/errors';
import { isBuyerSide } from '@dealclub/shared/roles';
import {
  type Lesson,
  type LessonList,
  type ProgressResult,
  type QuizWrongBody,
} from '@dealclub/shared/training-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { MarkdownView } from '@/components/ui/markdown';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import { RequireSession } from '@/lib/session/require-session';
import { useLessons, useSaveProgress } from '../api/training';

/**
 * `/training` (core §2, §4): the course one lesson at a time — reading, then a short quiz that must
 * be answered right — with a progress bar; finishing every lesson grants the Certified Buyer badge
 * and a celebration. Buyers, owners and admins only ('Access Denied: …' for everyone else).
 */
export default function TrainingPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.training'));
  const textsReady = useLocaleSection('training');
  if (!textsReady) return <PageFallback />;
  return (
    <RequireSession from="/training">
      {(user) => (isBuyerSide(user.roles) ? <Training /> : <AccessDenied />)}
    </RequireSession>
  );
}

function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('training.accessDeniedTitle')}</h1>
      <div className="mt-6">
        <FormAlert>{t('errors.TRAINING_FORBIDDEN')}</FormAlert>
      </div>
    </section>
  );
}

function Training() {
  const { t } = useTranslation();
  const lessons = useLessons();
  const [params, setParams] = useSearchParams();
  // The result of the last completion, kept while its lesson is shown (review, next, celebration).
  const [completion, setCompletion] = useState<ProgressResult | null>(null);
  const [navigated, setNavigated] = useState(false);

  if (lessons.isPending) return <PageFallback />;
  if (lessons.isError && !lessons.data) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t('training.title')}</h1>
        <div className="mt-6">
          <LoadFailed message={t('training.loadFailed')} onRetry={() => void lessons.refetch()} />
        </div>
      </section>
    );
  }
  const course = lessons.data;
  const items = course.items;
  const requested = params.get('lesson');
  const celebrate = params.get('view') === 'certified' && course.certified;
  const current = items.find((l) => !l.completed);
  // `?lesson=` names a lesson by id, or by slug in links from elsewhere (a deal's risk disclosures).
  const shown =
    items.find((l) => (l.id === requested || (l.slug !== null && l.slug === requested)) && l.unlocked) ??
    (celebrate ? undefined : current);
  const open = (id: string | null, view?: 'certified') => {
    setCompletion(null);
    setNavigated(true);
    const next = new URLSearchParams();
    if (id) next.set('lesson', id);
    if (view) next.set('view', view);
    setParams(next);
  };
  const done = items.filter((l) => l.completed).length;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t('training.title')}</h1>
        {course.certified && <CertifiedBadge size="lg" />}
      </div>
      <p className="mt-2 max-w-3xl text-slate-700">{t('training.lead')}</p>
      {items.length === 0 ? (
        <div className="mt-6">
          <FormAlert tone="info">{t('training.emptyCourse')}</FormAlert>
        </div>
      ) : (
        <>
          <CourseProgress done={done} total={items.length} />
          <div className="mt-8 grid gap-8 md:grid-cols-[18rem_1fr]">
            <LessonNav items={items} shownId={shown?.id ?? null} onOpen={(id) => open(id)} />
            <div className="min-w-0">
              {shown ? (
                <LessonView
                  key={shown.id}
                  lesson={shown}
                  autoFocus={navigated}
                  completion={completion?.lessonId === shown.id ? completion : null}
                  onCompleted={(result) => {
                    setCompletion(result);
                    // Keep the completed lesson on screen (its review) once the course moves on.
                    if (requested !== result.lessonId)
                      setParams({ lesson: result.lessonId }, { replace: true });
                  }}
                  onNext={(result) =>
                    result.nextLessonId ? open(result.nextLessonId) : open(null, 'certified')
                  }
                />
              ) : (
                <Certified course={course} autoFocus={navigated} onReview={() => open(items[0]!.id)} />
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function CourseProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const label = t('training.progress', { done, total });
  return (
    <div className="mt-6 max-w-3xl">
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span id="training-progress-label">{t('training.progressLabel')}</span>
        <span>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="training-progress-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
        className="mt-1 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${(done / total) * 100}%` }}
        />
      </div>
    </div>
  );
}

function LessonNav({
  items,
  shownId,
  onOpen,
}: {
  items: Lesson[];
  shownId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('training.lessonsLabel')}>
      <ol className="grid gap-2">
        {items.map((lesson) => {
          const state = lesson.completed ? 'completed' : lesson.unlocked ? 'current' : 'locked';
          const Icon = state === 'completed' ? CheckCircle2 : state === 'current' ? Circle : Lock;
          const content = (
            <>
              <Icon
                aria-hidden
                className={`mt-0.5 size-5 shrink-0 ${state === 'completed' ? 'text-emerald-700' : 'text-slate-500'}`}
              />
              <span className="grid">
                <span className="text-xs font-semibold text-slate-600 uppercase">
                  {t('training.lessonN', { n: lesson.position })} · {t(`training.status.${state}`)}
                </span>
                <span className="font-medium">{lesson.title}</span>
              </span>
            </>
          );
          const base = 'flex w-full gap-2 rounded-md border px-3 py-2 text-left';
          return (
            <li key={lesson.id}>
              {lesson.unlocked ? (
                <button
                  type="button"
                  onClick={() => onOpen(lesson.id)}
                  aria-current={lesson.id === shownId ? 'step' : undefined}
                  className={`${base} ${
                    lesson.id === shownId
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-slate-200 bg-white hover:border-slate-400'
                  }`}
                >
                  {content}
                </button>
              ) : (
                <div className={`${base} border-slate-200 bg-slate-100 text-slate-600`}>
                  {content}
                  <span className="sr-only">{t('training.lockedHint')}</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function LessonView({
  lesson,
  autoFocus,
  completion,
  onCompleted,
  onNext,
}: {
  lesson: Lesson;
  autoFocus: boolean;
  completion: ProgressResult | null;
  onCompleted: (result: ProgressResult) => void;
  onNext: (result: ProgressResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A lesson opened from the list or "Next lesson" takes the focus; the first one of a visit not.
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  return (
    <article aria-labelledby={`lesson-${lesson.id}`}>
      <p className="text-sm font-semibold text-brand-800">{t('training.lessonN', { n: lesson.position })}</p>
      <h2 id={`lesson-${lesson.id}`} ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {lesson.title}
      </h2>
      {lesson.summary && <p className="mt-2 text-lg text-slate-700">{lesson.summary}</p>}
      <MarkdownView className="mt-4 max-w-3xl" headingLevel={3} tree={lesson.bodyTree} />
      {lesson.completed && !completion ? (
        <div className="mt-8 max-w-3xl">
          <FormAlert tone="success">
            {t('training.completedOn', { date: formatDay(lesson.completedAt!, i18n.language) })}
          </FormAlert>
        </div>
      ) : (
        <Quiz lesson={lesson} completion={completion} onCompleted={onCompleted} onNext={onNext} />
      )}
    </article>
  );
}

function Quiz({
  lesson,
  completion,
  onCompleted,
  onNext,
}: {
  lesson: Lesson;
  completion: ProgressResult | null;
  onCompleted: (result: ProgressResult) => void;
  onNext: (result: ProgressResult) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProgress();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [wrong, setWrong] = useState<QuizWrongBody | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const review = new Map(completion?.review.map((r) => [r.questionId, r]));
  const unanswered = lesson.quiz.some((q) => !answers[q.id]);

  useEffect(() => {
    // The outcome takes the focus, so it is read out once and seen at once.
    if (completion || wrong || failed) resultRef.current?.focus();
  }, [completion, wrong, failed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    if (lesson.quiz.length && unanswered) {
      setFailed(t('training.validation.answerAll'));
      return;
    }
    const input = lesson.quiz.length ? { answers } : { completed: true as const };
    save.mutate(
      { lessonId: lesson.id, input },
      {
        onSuccess: (result) => {
          setWrong(null);
          onCompleted(result);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            setWrong(error.body as QuizWrongBody);
          } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) {
            // The lesson changed under the learner (409, 404, 400): the message says what to do
            // (the course is read again meanwhile).
            const field = isErrorBody(error.body) ? error.body.errors?.[0] : undefined;
            setFailed(field?.key ? t(field.key) : t(`errors.${error.code}`));
          } else {
            setFailed(t('training.saveError'));
          }
        },
      },
    );
  };

  const wrongIds = new Set(wrong?.wrong ?? []);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-10 max-w-3xl rounded-lg border border-slate-200 bg-white p-5"
    >
      <h3 className="text-xl font-bold">{t('training.quizTitle')}</h3>
      {lesson.quiz.length > 0 && <p className="mt-1 text-slate-700">{t('training.quizLead')}</p>}
      <div className="mt-4 grid gap-6">
        {lesson.quiz.map((question, index) => {
          const reviewed = review.get(question.id);
          const isWrong = !completion && wrongIds.has(question.id);
          return (
            <fieldset
              key={question.id}
              aria-describedby={isWrong ? `hint-${question.id}` : undefined}
              className={`rounded-md border p-4 ${isWrong ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
            >
              <legend className="px-1 font-semibold">
                {index + 1}. {question.question}
              </legend>
              <div className="mt-2 grid gap-2">
                {question.options.map((option) => {
                  const isRight = reviewed?.correctOptionId === option.id;
                  return (
                    <label key={option.id} className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={question.id}
                        value={option.id}
                        checked={answers[question.id] === option.id}
                        disabled={Boolean(completion)}
                        onChange={() => {
                          setAnswers((a) => ({ ...a, [question.id]: option.id }));
                          setFailed(null);
                        }}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span className={isRight ? 'font-semibold text-emerald-900' : undefined}>
                        {option.text}
                        {isRight && (
                          <span className="ml-2 inline-flex items-center gap-1 text-sm text-emerald-800">
                            <CheckCircle2 aria-hidden className="size-4" />
                            {t('training.rightAnswer')}
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </div>
              {isWrong && (
                <p id={`hint-${question.id}`} className="mt-3 text-sm text-red-900">
                  <strong>{t('training.wrong')}</strong>
                  {wrong!.hints[question.id] && (
                    <>
                      {' '}
                      {t('training.hintLabel')} {wrong!.hints[question.id]}
                    </>
                  )}
                </p>
              )}
              {reviewed?.explanation && (
                <p className="mt-3 text-sm text-slate-800">
                  <strong>{t('training.explanationLabel')}</strong> {reviewed.explanation}
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
      <div ref={resultRef} tabIndex={-1} className="mt-5 outline-none">
        {failed && <FormAlert>{failed}</FormAlert>}
        {!completion && wrong && (
          <FormAlert>{t('training.wrongSummary', { count: wrong.wrong.length })}</FormAlert>
        )}
        {completion && (
          <FormAlert tone="success">
            <strong>{t('training.lessonComplete')}</strong>
          </FormAlert>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {completion ? (
          <button
            type="button"
            onClick={() => onNext(completion)}
            className="h-11 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {completion.nextLessonId ? t('training.nextLesson') : t('training.finish')}
          </button>
        ) : (
          <button
            type="submit"
            disabled={save.isPending}
            className="h-11 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {save.isPending
              ? t('training.checking')
              : lesson.quiz.length
                ? t('training.check')
                : t('training.markComplete')}
          </button>
        )}
      </div>
    </form>
  );
}

function Certified({
  course,
  autoFocus,
  onReview,
}: {
  course: LessonList;
  autoFocus: boolean;
  onReview: () => void;
}) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  const pending = course.items.some((l) => !l.completed);
  return (
    <div className="max-w-3xl rounded-lg border border-emerald-200 bg-emerald-50 p-6 text-emerald-950">
      <PartyPopper aria-hidden className="size-10 text-emerald-700" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        {t('training.celebrateTitle')}
      </h2>
      <div className="mt-3">
        <CertifiedBadge size="lg" />
      </div>
      {course.certifiedAt && (
        <p className="mt-3 font-medium">
          {t('training.certifiedOn', { date: formatDay(course.certifiedAt, i18n.language) })}
        </p>
      )}
      <p className="mt-3">{t('training.celebrateLead')}</p>
      {pending && <p className="mt-3">{t('training.newLessons')}</p>}
      <div className="mt-5 flex flex-wrap gap-3">
        <Link
          to="/deals"
          className="inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          {t('training.browseDeals')}
        </Link>
        <Link
          to="/profile"
          className="inline-flex h-11 items-center rounded-md border border-brand-700 bg-white px-5 font-semibold text-brand-800"
        >
          {t('training.viewProfile')}
        </Link>
        <button
          type="button"
          onClick={onReview}
          className="h-11 rounded-md border border-slate-300 bg-white px-5 font-semibold text-slate-800"
        >
          {t('training.reviewLessons')}
        </button>
      </div>
    </div>
  );
}
