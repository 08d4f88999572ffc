import { useCallback, useDeferredValue, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LESSON_BODY_MAX,
  LESSON_SUMMARY_MAX,
  LESSON_TITLE_MAX,
  lessonInputSchema,
  type AdminLesson,
  type Language,
} from '@dealclub/shared/training';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-field';
import { Markdown } from '@/components/ui/markdown';
import { toast } from '@/components/ui/use-toast';
import { useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import { useCreateLesson, useDeleteLesson, useUpdateLesson } from '../api/training';
import {
  describePath,
  draftOf,
  fieldId,
  inputOf,
  LANGUAGES,
  languageLabel,
  TextField,
  type FieldErrors,
  type LessonDraft,
} from './admin-lesson-fields';
import { AdminQuizEditor } from './admin-quiz-editor';

const primary =
  'h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70';
const secondary =
  'h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100';

/**
 * Errors by path, the first one of each path, in the order their fields come on the page, so
 * that the summary reads top to bottom.
 */
function inPageOrder(errors: [string, string][]): FieldErrors {
  const first = new Map<string, string>();
  for (const [path, message] of errors) if (!first.has(path)) first.set(path, message);
  const element = (path: string) => document.getElementById(fieldId(path));
  const sorted = [...first].sort(([a], [b]) => {
    const x = element(a);
    const y = element(b);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    const relation = x.compareDocumentPosition(y);
    // A group's error (the answers') shows below its fields.
    if (relation & Node.DOCUMENT_POSITION_CONTAINED_BY) return 1;
    if (relation & Node.DOCUMENT_POSITION_CONTAINS) return -1;
    return relation & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return Object.fromEntries(sorted);
}

/** Moves the focus to the field a summary entry names (the first control of a group). */
function focusField(event: MouseEvent<HTMLAnchorElement>, path: string) {
  event.preventDefault();
  const element = document.getElementById(fieldId(path));
  const target = element?.matches('input, textarea')
    ? element
    : element?.querySelector<HTMLElement>('input, textarea, button');
  target?.focus();
}

/**
 * The editor of `/admin/training?edit=…`: the lesson's texts in English and Spanish side by side
 * with a live preview of each body, its quiz, whether it is published, and Save / Cancel / Delete.
 * The shared `lessonInputSchema` checks it before sending; the server's field errors land on the
 * same fields, by path.
 */
export function AdminLessonEditor({ lesson, onClose }: { lesson?: AdminLesson; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  const remove = useDeleteLesson();
  const [draft, setDraft] = useState<LessonDraft>(() => draftOf(lesson));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Each failed save remounts the summary (or the alert), which takes the focus as it mounts. */
  const [attempt, setAttempt] = useState(0);
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const busy = create.isPending || update.isPending;

  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _, ...rest } = current;
      return rest;
    });
  const setText = (field: 'title' | 'summary' | 'body', language: Language) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: { ...d[field], [language]: value } }));
    clearError(`${field}.${language}`);
  };

  function refused(found: [string, string][], message: string | null) {
    setErrors(inPageOrder(found));
    setFailure(message);
    setAttempt((n) => n + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = lessonInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i): [string, string] => [
        i.path.join('.'),
        translate(i.message) ?? '',
      ]);
      return refused(issues, null);
    }
    try {
      if (lesson) await update.mutateAsync({ id: lesson.id, input: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast({ title: t(lesson ? 'trainingAdmin.editor.saved' : 'trainingAdmin.editor.created') });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, t).map(({ path, text }): [string, string] => [path, text]);
      refused(fields, fields.length ? null : codedErrorText(t, error, 'trainingAdmin.editor.saveFailed'));
    }
  }

  async function deleteLesson() {
    if (!lesson) return;
    try {
      await remove.mutateAsync(lesson.id);
      setConfirmDelete(false);
      toast({ title: t('trainingAdmin.editor.deleted') });
      onClose();
    } catch (error) {
      setConfirmDelete(false);
      toast({
        title: codedErrorText(t, error, 'trainingAdmin.editor.deleteFailed', ['LESSON_NOT_FOUND']),
        variant: 'destructive',
      });
    }
  }

  const entries = Object.entries(errors);
  return (
    <form noValidate aria-labelledby="lesson-editor-title" onSubmit={save} className="grid gap-8">
      <h1 id="lesson-editor-title" className="text-3xl font-bold">
        {lesson ? t('trainingAdmin.editor.editTitle') : t('trainingAdmin.editor.newTitle')}
      </h1>

      {entries.length > 0 && (
        <div
          key={`summary-${attempt}`}
          ref={focusOnMount}
          tabIndex={-1}
          role="alert"
          className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-300"
        >
          <p className="font-semibold">{t('trainingAdmin.editor.errorSummary', { count: entries.length })}</p>
          <ul className="list-disc space-y-1 pl-5">
            {entries.map(([path, message]) => {
              const name = describePath(t, path);
              return (
                <li key={path}>
                  {name ? (
                    <a href={`#${fieldId(path)}`} onClick={(e) => focusField(e, path)} className="underline">
                      {name}: {message}
                    </a>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {failure && (
        <div key={`failure-${attempt}`} ref={focusOnMount} tabIndex={-1} className="outline-none">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        {LANGUAGES.map((language) => (
          <LanguageColumn
            key={language}
            language={language}
            draft={draft}
            errors={errors}
            onText={(field) => setText(field, language)}
          />
        ))}
      </div>

      <AdminQuizEditor
        quiz={draft.quiz}
        errors={errors}
        onChange={(quiz) => setDraft((d) => ({ ...d, quiz }))}
        onFieldChange={clearError}
        // Errors of questions and answers are stored by position, which has just changed.
        onStructureChange={() => setErrors({})}
      />

      <fieldset className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold">{t('trainingAdmin.editor.publishing')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            id={fieldId('published')}
            type="checkbox"
            checked={draft.published}
            onChange={(e) => setDraft((d) => ({ ...d, published: e.target.checked }))}
            aria-describedby="lesson-published-hint"
            className="size-4 accent-brand-700"
          />
          <span>{t('trainingAdmin.editor.published')}</span>
        </label>
        <p id="lesson-published-hint" className="text-sm text-slate-600">
          {t('trainingAdmin.editor.publishedHint')}
        </p>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={primary}>
          {busy ? t('trainingAdmin.editor.saving') : t('trainingAdmin.editor.save')}
        </button>
        <button type="button" onClick={onClose} className={secondary}>
          {t('trainingAdmin.editor.cancel')}
        </button>
        {lesson && (
          <div className="ml-auto">
            <ConfirmDialog
              open={confirmDelete}
              onOpenChange={setConfirmDelete}
              trigger={
                <button
                  type="button"
                  className="h-11 rounded-md border border-red-300 bg-white px-4 font-medium text-red-800 hover:bg-red-50"
                >
                  {t('trainingAdmin.editor.delete')}
                </button>
              }
              title={t('trainingAdmin.editor.deleteTitle')}
              summary={<span lang="en">{lesson.title.en}</span>}
              body={t('trainingAdmin.editor.deleteBody')}
              cancelLabel={t('trainingAdmin.editor.cancel')}
              confirmLabel={t('trainingAdmin.editor.deleteConfirm')}
              busyLabel={t('trainingAdmin.editor.deleting')}
              tone="danger"
              busy={remove.isPending}
              onConfirm={() => void deleteLesson()}
            />
          </div>
        )}
      </div>
    </form>
  );
}

/** One language's title, summary and Markdown body, with the body's preview below it. */
function LanguageColumn({
  language,
  draft,
  errors,
  onText,
}: {
  language: Language;
  draft: LessonDraft;
  errors: FieldErrors;
  onText: (field: 'title' | 'summary' | 'body') => (value: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = `lesson-column-${language}`;
  const previewId = useId();
  // The preview follows the typing without holding it up on a long lesson.
  const body = useDeferredValue(draft.body[language]);
  const label = (key: string) => languageLabel(t, t(key), language);
  const required = language === 'en';
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={headingId} lang={language} className="text-2xl font-semibold">
        {t(`trainingAdmin.languages.${language}`)}
      </h2>
      {language === 'es' && <p className="text-sm text-slate-700">{t('trainingAdmin.editor.spanishLead')}</p>}
      <TextField
        path={`title.${language}`}
        label={label('trainingAdmin.editor.lessonTitle')}
        lang={language}
        value={draft.title[language]}
        onChange={onText('title')}
        maxLength={LESSON_TITLE_MAX}
        error={errors[`title.${language}`]}
        required={required}
      />
      <TextField
        path={`summary.${language}`}
        label={label('trainingAdmin.editor.summary')}
        lang={language}
        value={draft.summary[language]}
        onChange={onText('summary')}
        maxLength={LESSON_SUMMARY_MAX}
        error={errors[`summary.${language}`]}
        hint={t('trainingAdmin.editor.summaryHint')}
        rows={3}
      />
      <TextField
        path={`body.${language}`}
        label={label('trainingAdmin.editor.body')}
        lang={language}
        value={draft.body[language]}
        onChange={onText('body')}
        maxLength={LESSON_BODY_MAX}
        error={errors[`body.${language}`]}
        hint={t('trainingAdmin.editor.bodyHint')}
        rows={14}
        markdown
        counted
        required={required}
      />
      <section aria-labelledby={previewId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p id={previewId} className="text-sm font-semibold text-slate-700">
          {label('trainingAdmin.editor.preview')}
        </p>
        {body.trim() ? (
          <div lang={language} className="text-ink">
            <Markdown>{body}</Markdown>
          </div>
        ) : (
          <p className="mt-2 text-slate-600">{t('trainingAdmin.editor.previewEmpty')}</p>
        )}
      </section>
    </section>
  );
}
