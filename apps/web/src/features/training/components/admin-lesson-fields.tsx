/**
 * The lesson editor's building blocks: the draft it edits (a `LessonInput` whose questions and
 * answers carry keys, so that React keeps each one's inputs as others are added or removed), the
 * field errors keyed by the API's paths (`title.es`, `quiz.0.options.1.text.en`), and a labelled
 * text field bound to one such path.
 */
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@dealclub/shared/format';
import type { AdminLesson, Bilingual, Language, LessonInput } from '@dealclub/shared/training';

export const LANGUAGES: readonly Language[] = ['en', 'es'];

export interface OptionDraft {
  key: string;
  text: Bilingual;
  correct: boolean;
}

export interface QuestionDraft {
  key: string;
  question: Bilingual;
  options: OptionDraft[];
  hint: Bilingual;
  explanation: Bilingual;
}

export interface LessonDraft {
  title: Bilingual;
  summary: Bilingual;
  body: Bilingual;
  published: boolean;
  quiz: QuestionDraft[];
}

/** Field errors by path, already in the user's language. */
export type FieldErrors = Record<string, string>;

let lastKey = 0;
const newKey = () => `new-${++lastKey}`;
const blank = (): Bilingual => ({ en: '', es: '' });

export const newOption = (): OptionDraft => ({ key: newKey(), text: blank(), correct: false });

export const newQuestion = (): QuestionDraft => ({
  key: newKey(),
  question: blank(),
  options: [newOption(), newOption()],
  hint: blank(),
  explanation: blank(),
});

export function draftOf(lesson?: AdminLesson): LessonDraft {
  if (!lesson) return { title: blank(), summary: blank(), body: blank(), published: false, quiz: [] };
  return {
    title: { ...lesson.title },
    summary: { ...lesson.summary },
    body: { ...lesson.body },
    published: lesson.published,
    quiz: lesson.quiz.map((q) => ({
      key: q.id,
      question: { ...q.question },
      hint: { ...q.hint },
      explanation: { ...q.explanation },
      options: q.options.map((o) => ({ key: o.id, text: { ...o.text }, correct: o.correct })),
    })),
  };
}

export function inputOf(draft: LessonDraft): LessonInput {
  return {
    title: draft.title,
    summary: draft.summary,
    body: draft.body,
    published: draft.published,
    quiz: draft.quiz.map(({ question, options, hint, explanation }) => ({
      question,
      hint,
      explanation,
      options: options.map(({ text, correct }) => ({ text, correct })),
    })),
  };
}

/** The element id of the field (or group of fields) a path names, for labels and error links. */
export const fieldId = (path: string) => `lesson-${path.replace(/\./g, '-')}`;

type Translate = (key: string, options?: Record<string, unknown>) => string;

const LESSON_FIELDS: Record<string, string> = {
  title: 'trainingAdmin.editor.lessonTitle',
  summary: 'trainingAdmin.editor.summary',
  body: 'trainingAdmin.editor.body',
};
const QUESTION_FIELDS: Record<string, string> = {
  question: 'trainingAdmin.quiz.questionText',
  hint: 'trainingAdmin.quiz.hint',
  explanation: 'trainingAdmin.quiz.explanation',
};

/** "Title (Español)": a field of one language, as its label reads. */
export function languageLabel(t: Translate, field: string, language: Language) {
  return t('trainingAdmin.editor.field', { field, language: t(`trainingAdmin.languages.${language}`) });
}

const isLanguage = (part?: string): part is Language => part === 'en' || part === 'es';

/**
 * What a path names, as the error summary lists it ("Question 2: Answer 1 (English)"); null for a
 * path the editor has no field for.
 */
export function describePath(t: Translate, path: string): string | null {
  const [first = '', second, ...rest] = path.split('.');
  if (first === 'quiz' && second === undefined) return t('trainingAdmin.quiz.title');
  if (LESSON_FIELDS[first] && isLanguage(second) && rest.length === 0) {
    return languageLabel(t, t(LESSON_FIELDS[first]), second);
  }
  if (first !== 'quiz' || !/^\d+$/.test(second ?? '')) return null;
  const [field = '', index, what, language] = rest;
  let name: string | null = null;
  if (field === 'options' && rest.length === 1) name = t('trainingAdmin.quiz.answersGroup');
  else if (field === 'options' && what === 'text' && isLanguage(language) && rest.length === 4) {
    name = languageLabel(t, t('trainingAdmin.quiz.answer', { n: Number(index) + 1 }), language);
  } else if (QUESTION_FIELDS[field] && isLanguage(index) && rest.length === 2) {
    name = languageLabel(t, t(QUESTION_FIELDS[field]), index);
  }
  return name && t('trainingAdmin.editor.inQuestion', { n: Number(second) + 1, field: name });
}

const control =
  'w-full rounded-md border bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100';

/**
 * A labelled input (or Markdown textarea) for one path of the lesson, in one language: its hint,
 * its character count (with `counted`) and its error describe it to screen readers.
 */
export function TextField({
  path,
  label,
  lang,
  value,
  onChange,
  maxLength,
  error,
  hint,
  rows,
  markdown = false,
  counted = false,
  required = false,
}: {
  path: string;
  label: string;
  lang: Language;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  hint?: string;
  /** A textarea of this many rows; an input without. */
  rows?: number;
  /** Markdown source: shown in a monospace font. */
  markdown?: boolean;
  counted?: boolean;
  required?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = fieldId(path);
  const own = useId();
  const hintId = `${own}-hint`;
  const countId = `${own}-count`;
  const errorId = `${own}-error`;
  const describedBy = [hint && hintId, counted && countId, error && errorId].filter(Boolean).join(' ');
  const props = {
    id,
    lang,
    value,
    maxLength,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    className: `${control} ${error ? 'border-red-700' : 'border-slate-300'}`,
  };
  const format = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {rows ? (
        <textarea
          rows={rows}
          {...props}
          className={`py-2 ${markdown ? 'font-mono text-sm' : ''} ${props.className}`}
        />
      ) : (
        <input type="text" {...props} className={`h-11 ${props.className}`} />
      )}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {counted && (
        <p id={countId} className="text-right text-xs text-slate-600">
          {t('app.characterCount', { length: format.format(value.length), max: format.format(maxLength) })}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
