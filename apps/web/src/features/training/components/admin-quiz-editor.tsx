import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_QUESTIONS_MAX,
  QUIZ_TEXT_MAX,
  type Language,
} from '@dealclub/shared/training';
import {
  fieldId,
  LANGUAGES,
  languageLabel,
  newOption,
  newQuestion,
  TextField,
  type FieldErrors,
  type QuestionDraft,
} from './admin-lesson-fields';

const button =
  'inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-50';
const iconButton =
  'grid size-11 shrink-0 place-items-center rounded-md text-red-800 hover:bg-red-50 disabled:opacity-40';

/**
 * The quiz of a lesson: each question in both languages, its answers with the one correct answer
 * marked by a radio, and the hint (after a wrong answer) and explanation (after completion).
 * `onChange` gets the whole new quiz; `onStructureChange` tells the editor that questions or answers
 * were added or removed, so that errors stored by position no longer apply.
 */
export function AdminQuizEditor({
  quiz,
  errors,
  onChange,
  onFieldChange,
  onStructureChange,
}: {
  quiz: QuestionDraft[];
  errors: FieldErrors;
  onChange: (quiz: QuestionDraft[]) => void;
  /** A field's value changed: its error (at `path`) no longer applies. */
  onFieldChange: (path: string) => void;
  onStructureChange: () => void;
}) {
  const { t } = useTranslation();

  const update = (index: number, change: (q: QuestionDraft) => QuestionDraft) =>
    onChange(quiz.map((q, i) => (i === index ? change(q) : q)));
  const restructure = (next: QuestionDraft[]) => {
    onChange(next);
    onStructureChange();
  };

  return (
    <section id={fieldId('quiz')} aria-labelledby="quiz-title" className="grid gap-4">
      <div>
        <h2 id="quiz-title" className="text-2xl font-semibold">
          {t('trainingAdmin.quiz.title')}
        </h2>
        <p className="mt-1 text-slate-700">
          {t('trainingAdmin.quiz.lead', {
            questions: QUIZ_QUESTIONS_MAX,
            min: QUIZ_OPTIONS_MIN,
            max: QUIZ_OPTIONS_MAX,
          })}
        </p>
      </div>
      {errors.quiz && <p className="text-sm text-red-700">{errors.quiz}</p>}
      {quiz.length === 0 && <p className="text-slate-600">{t('trainingAdmin.quiz.empty')}</p>}
      {quiz.map((question, index) => (
        <QuestionEditor
          key={question.key}
          question={question}
          index={index}
          errors={errors}
          onChange={(change) => update(index, change)}
          onFieldChange={onFieldChange}
          onRemove={() => restructure(quiz.filter((_, i) => i !== index))}
          onStructureChange={onStructureChange}
        />
      ))}
      <div>
        <button
          type="button"
          className={button}
          disabled={quiz.length >= QUIZ_QUESTIONS_MAX}
          onClick={() => restructure([...quiz, newQuestion()])}
        >
          <Plus aria-hidden className="size-4" />
          {t('trainingAdmin.quiz.addQuestion')}
        </button>
      </div>
    </section>
  );
}

type BilingualField = 'question' | 'hint' | 'explanation';

function QuestionEditor({
  question,
  index,
  errors,
  onChange,
  onFieldChange,
  onRemove,
  onStructureChange,
}: {
  question: QuestionDraft;
  index: number;
  errors: FieldErrors;
  onChange: (change: (q: QuestionDraft) => QuestionDraft) => void;
  onFieldChange: (path: string) => void;
  onRemove: () => void;
  onStructureChange: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const base = `quiz.${index}`;
  const optionsPath = `${base}.options`;
  const headingId = `${fieldId(base)}-heading`;

  const setText = (field: BilingualField, language: Language) => (value: string) => {
    onChange((q) => ({ ...q, [field]: { ...q[field], [language]: value } }));
    onFieldChange(`${base}.${field}.${language}`);
  };
  const setOptionText = (j: number, language: Language) => (value: string) => {
    onChange((q) => ({
      ...q,
      options: q.options.map((o, k) => (k === j ? { ...o, text: { ...o.text, [language]: value } } : o)),
    }));
    onFieldChange(`${optionsPath}.${j}.text.${language}`);
  };
  const markCorrect = (j: number) => {
    onChange((q) => ({ ...q, options: q.options.map((o, k) => ({ ...o, correct: k === j })) }));
    onFieldChange(optionsPath);
  };
  const restructureOptions = (change: (q: QuestionDraft) => QuestionDraft) => {
    onChange(change);
    onStructureChange();
  };

  const pair = (field: BilingualField, label: string, max: number, hint?: string, rows?: number) => (
    <div className="grid gap-4 md:grid-cols-2">
      {LANGUAGES.map((language) => {
        const path = `${base}.${field}.${language}`;
        return (
          <TextField
            key={language}
            path={path}
            label={languageLabel(t, label, language)}
            lang={language}
            value={question[field][language]}
            onChange={setText(field, language)}
            maxLength={max}
            hint={hint}
            rows={rows}
            error={errors[path]}
            required={field === 'question' && language === 'en'}
          />
        );
      })}
    </div>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {t('trainingAdmin.quiz.question', { n })}
        </h3>
        <button type="button" className={`${button} text-red-800`} onClick={onRemove}>
          <Trash2 aria-hidden className="size-4" />
          {t('trainingAdmin.quiz.removeQuestion', { n })}
        </button>
      </div>
      {pair('question', t('trainingAdmin.quiz.questionText'), QUIZ_TEXT_MAX)}

      <fieldset
        id={fieldId(optionsPath)}
        className="grid gap-3"
        aria-describedby={errors[optionsPath] ? `${fieldId(optionsPath)}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('trainingAdmin.quiz.answers')}</legend>
        {question.options.map((option, j) => {
          const answer = t('trainingAdmin.quiz.answer', { n: j + 1 });
          return (
            <div
              key={option.key}
              className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-[auto_1fr_1fr_auto]"
            >
              <label className="flex min-h-11 items-center gap-2 md:mt-6">
                <input
                  type="radio"
                  name={`${fieldId(optionsPath)}-correct`}
                  checked={option.correct}
                  onChange={() => markCorrect(j)}
                  aria-label={t('trainingAdmin.quiz.correctAnswer', { n: j + 1 })}
                  className="size-4 accent-brand-700"
                />
                <span aria-hidden>{t('trainingAdmin.quiz.correct')}</span>
              </label>
              {LANGUAGES.map((language) => {
                const path = `${optionsPath}.${j}.text.${language}`;
                return (
                  <TextField
                    key={language}
                    path={path}
                    label={languageLabel(t, answer, language)}
                    lang={language}
                    value={option.text[language]}
                    onChange={setOptionText(j, language)}
                    maxLength={QUIZ_TEXT_MAX}
                    error={errors[path]}
                    required={language === 'en'}
                  />
                );
              })}
              <button
                type="button"
                className={`${iconButton} md:mt-6`}
                disabled={question.options.length <= QUIZ_OPTIONS_MIN}
                aria-label={t('trainingAdmin.quiz.removeAnswer', { n: j + 1 })}
                title={t('trainingAdmin.quiz.removeAnswer', { n: j + 1 })}
                onClick={() =>
                  restructureOptions((q) => ({ ...q, options: q.options.filter((_, k) => k !== j) }))
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </div>
          );
        })}
        {errors[optionsPath] && (
          <p id={`${fieldId(optionsPath)}-error`} className="text-sm text-red-700">
            {errors[optionsPath]}
          </p>
        )}
        <div>
          <button
            type="button"
            className={button}
            disabled={question.options.length >= QUIZ_OPTIONS_MAX}
            aria-label={t('trainingAdmin.quiz.addAnswerTo', { n })}
            onClick={() => restructureOptions((q) => ({ ...q, options: [...q.options, newOption()] }))}
          >
            <Plus aria-hidden className="size-4" />
            {t('trainingAdmin.quiz.addAnswer')}
          </button>
        </div>
      </fieldset>

      {pair('hint', t('trainingAdmin.quiz.hint'), QUIZ_EXPLANATION_MAX, t('trainingAdmin.quiz.hintHint'), 2)}
      {pair(
        'explanation',
        t('trainingAdmin.quiz.explanation'),
        QUIZ_EXPLANATION_MAX,
        t('trainingAdmin.quiz.explanationHint'),
        2,
      )}
    </section>
  );
}
