import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LESSON_BODY_MAX,
  LESSON_SUMMARY_MAX,
  LESSON_TITLE_MAX,
  lessonInputSchema,
  type AdminLesson,
  type Language,
} from '@dealclub/shared/training';
import {
  BilingualColumns,
  EditorActions,
  MarkdownPreview,
  PublishedField,
  SaveRefusal,
  useRefusal,
} from '@/components/ui/bilingual-editor';
import { toast } from '@/components/ui/use-toast';
import { useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import { useCreateLesson, useDeleteLesson, useUpdateLesson } from '../api/training';
import {
  describePath,
  draftOf,
  fieldId,
  inputOf,
  languageLabel,
  TextField,
  type FieldErrors,
  type LessonDraft,
} from './admin-lesson-fields';
import { AdminQuizEditor } from './admin-quiz-editor';

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
  const refusal = useRefusal(inPageOrder);
  const busy = create.isPending || update.isPending;

  const setText = (field: 'title' | 'summary' | 'body', language: Language) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: { ...d[field], [language]: value } }));
    refusal.clear(`${field}.${language}`);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = lessonInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i): [string, string] => [
        i.path.join('.'),
        translate(i.message) ?? '',
      ]);
      return refusal.refuse(issues, null);
    }
    try {
      if (lesson) await update.mutateAsync({ id: lesson.id, input: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast({ title: t(lesson ? 'trainingAdmin.editor.saved' : 'trainingAdmin.editor.created') });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, t).map(({ path, text }): [string, string] => [path, text]);
      refusal.refuse(
        fields,
        fields.length ? null : codedErrorText(t, error, 'trainingAdmin.editor.saveFailed'),
      );
    }
  }

  return (
    <form noValidate aria-labelledby="lesson-editor-title" onSubmit={save} className="grid gap-8">
      <h1 id="lesson-editor-title" className="text-3xl font-bold">
        {lesson ? t('trainingAdmin.editor.editTitle') : t('trainingAdmin.editor.newTitle')}
      </h1>

      <SaveRefusal
        refusal={refusal}
        title={(count) => t('trainingAdmin.editor.errorSummary', { count })}
        fieldName={(path) => describePath(t, path)}
        fieldId={fieldId}
      />

      <BilingualColumns
        idPrefix="lesson-column"
        heading={2}
        languageName={(language) => t(`trainingAdmin.languages.${language}`)}
        spanishLead={t('trainingAdmin.editor.spanishLead')}
      >
        {(language) => (
          <LanguageFields
            language={language}
            draft={draft}
            errors={refusal.errors}
            onText={(field) => setText(field, language)}
          />
        )}
      </BilingualColumns>

      <AdminQuizEditor
        quiz={draft.quiz}
        errors={refusal.errors}
        onChange={(quiz) => setDraft((d) => ({ ...d, quiz }))}
        onFieldChange={refusal.clear}
        // Errors of questions and answers are stored by position, which has just changed.
        onStructureChange={refusal.clearAll}
      />

      <PublishedField
        id={fieldId('published')}
        checked={draft.published}
        onChange={(published) => setDraft((d) => ({ ...d, published }))}
        legend={t('trainingAdmin.editor.publishing')}
        label={t('trainingAdmin.editor.published')}
        hint={t('trainingAdmin.editor.publishedHint')}
      />

      <EditorActions
        busy={busy}
        saveLabel={t('trainingAdmin.editor.save')}
        savingLabel={t('trainingAdmin.editor.saving')}
        cancel={{ label: t('trainingAdmin.editor.cancel'), onClick: onClose }}
        deletion={
          lesson && {
            label: t('trainingAdmin.editor.delete'),
            title: t('trainingAdmin.editor.deleteTitle'),
            summary: <span lang="en">{lesson.title.en}</span>,
            body: t('trainingAdmin.editor.deleteBody'),
            cancelLabel: t('trainingAdmin.editor.cancel'),
            confirmLabel: t('trainingAdmin.editor.deleteConfirm'),
            busyLabel: t('trainingAdmin.editor.deleting'),
            busy: remove.isPending,
            run: () => remove.mutateAsync(lesson.id),
            deleted: t('trainingAdmin.editor.deleted'),
            failed: (error) =>
              codedErrorText(t, error, 'trainingAdmin.editor.deleteFailed', ['LESSON_NOT_FOUND']),
            onDeleted: onClose,
          }
        }
      />
    </form>
  );
}

/** One language's title, summary and Markdown body, with the body's preview below it. */
function LanguageFields({
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
  const label = (key: string) => languageLabel(t, t(key), language);
  const required = language === 'en';
  return (
    <>
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
      <MarkdownPreview
        label={label('trainingAdmin.editor.preview')}
        empty={t('trainingAdmin.editor.previewEmpty')}
        body={draft.body[language]}
        language={language}
      />
    </>
  );
}
