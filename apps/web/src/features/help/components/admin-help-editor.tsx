import { useCallback, useDeferredValue, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HELP_BODY_MAX,
  HELP_CATEGORIES,
  HELP_SLUG_MAX,
  HELP_TITLE_MAX,
  helpArticleInputSchema,
  helpQaInputSchema,
  type HelpKind,
} from '@dealclub/shared/help';
import type { Language } from '@dealclub/shared/constants';
import { SelectField, TextAreaField } from '@/components/ui/choice-fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Markdown } from '@/components/ui/markdown';
import { toast } from '@/components/ui/use-toast';
import { useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import {
  inputOf,
  KIND_FIELDS,
  toApi,
  useCreateHelpItem,
  useDeleteHelpItem,
  useUpdateHelpItem,
  type AdminHelpItem,
  type HelpItemInput,
} from '../api/admin-help';

const LANGUAGES: readonly Language[] = ['en', 'es'];
const SCHEMAS = { article: helpArticleInputSchema, qa: helpQaInputSchema } as const;

/** Field errors by the editor's path (`title.es`, `body.en`, `slug`), already translated. */
export type FieldErrors = Record<string, string>;

/** The element id of the field a path names, for error links. */
export const fieldId = (path: string) => `help-field-${path.replace(/\./g, '-')}`;

/** The editor's path for a path of the API's body: a Q&A's `question.es` is its `title.es`. */
export function editorPath(kind: HelpKind, path: string): string {
  const [first = '', ...rest] = path.split('.');
  const { title, body } = KIND_FIELDS[kind];
  const field = first === title ? 'title' : first === body ? 'body' : first;
  return [field, ...rest].join('.');
}

/** The first error of each path, in the order the fields come on the page. */
function firstPerPath(errors: [string, string][]): FieldErrors {
  const order = ['category', 'slug', 'title.en', 'body.en', 'title.es', 'body.es', 'published'];
  const first = new Map<string, string>();
  for (const [path, message] of errors) if (!first.has(path)) first.set(path, message);
  const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
  return Object.fromEntries([...first].sort(([a], [b]) => rank(a) - rank(b)));
}

function focusField(event: MouseEvent<HTMLAnchorElement>, path: string) {
  event.preventDefault();
  document.getElementById(fieldId(path))?.focus();
}

const primary =
  'h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70';
const secondary =
  'h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100';

/**
 * The editor of an article or a Q&A (`/admin?tab=help&kind=…&edit=…`): category and link name, the
 * texts in English and Spanish side by side with a live preview of each Markdown body, whether it
 * is published, and Save / Cancel / Delete. The shared schema checks it before sending; the
 * server's field errors (publishing without Spanish) land on the same fields.
 */
export function AdminHelpEditor({
  kind,
  item,
  onClose,
}: {
  kind: HelpKind;
  item?: AdminHelpItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const create = useCreateHelpItem(kind);
  const update = useUpdateHelpItem(kind);
  const remove = useDeleteHelpItem(kind);
  const [draft, setDraft] = useState<HelpItemInput>(() =>
    item
      ? inputOf(item)
      : {
          category: HELP_CATEGORIES[0],
          title: { en: '', es: '' },
          body: { en: '', es: '' },
          published: false,
        },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Each failed save remounts the summary (or the alert), which takes the focus as it mounts. */
  const [attempt, setAttempt] = useState(0);
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const busy = create.isPending || update.isPending;
  const k = (key: string) => `helpAdmin.${kind}.${key}`;

  const change = (path: string, next: (d: HelpItemInput) => HelpItemInput) => {
    setDraft(next);
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _, ...rest } = current;
      return rest;
    });
  };
  const setText = (field: 'title' | 'body', language: Language) => (value: string) =>
    change(`${field}.${language}`, (d) => ({ ...d, [field]: { ...d[field], [language]: value } }));

  function refused(found: [string, string][], message: string | null) {
    setErrors(firstPerPath(found));
    setFailure(message);
    setAttempt((n) => n + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const input: HelpItemInput = { ...draft, slug: draft.slug?.trim() || undefined };
    const parsed = SCHEMAS[kind].safeParse(toApi(kind, input));
    if (!parsed.success) {
      return refused(
        parsed.error.issues.map((i): [string, string] => [
          editorPath(kind, i.path.join('.')),
          translate(i.message) ?? '',
        ]),
        null,
      );
    }
    try {
      if (item) await update.mutateAsync({ id: item.id, input });
      else await create.mutateAsync(input);
      toast({ title: t(item ? k('saved') : k('created')) });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, t).map(({ path, text }): [string, string] => [
        editorPath(kind, path),
        text,
      ]);
      refused(
        fields,
        fields.length
          ? null
          : codedErrorText(t, error, 'helpAdmin.saveFailed', ['HELP_SLUG_TAKEN', 'HELP_LIMIT']),
      );
    }
  }

  async function deleteItem() {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      setConfirmDelete(false);
      toast({ title: t(k('deleted')) });
      onClose();
    } catch (error) {
      setConfirmDelete(false);
      toast({ title: codedErrorText(t, error, 'helpAdmin.deleteFailed'), variant: 'destructive' });
    }
  }

  const describe = (path: string): string | null => {
    const [field = '', language] = path.split('.');
    if (field === 'category') return t('helpAdmin.category');
    if (field === 'slug') return t('helpAdmin.slug');
    if ((field === 'title' || field === 'body') && (language === 'en' || language === 'es')) {
      return languageLabel(t(k(field)), language);
    }
    return null;
  };
  const languageLabel = (field: string, language: Language) =>
    t('helpAdmin.field', { field, language: t(`helpAdmin.languages.${language}`) });

  const entries = Object.entries(errors);
  return (
    <form noValidate aria-labelledby="help-editor-title" onSubmit={save} className="grid gap-8">
      <h2 id="help-editor-title" className="text-2xl font-semibold">
        {t(item ? k('editTitle') : k('newTitle'))}
      </h2>

      {entries.length > 0 && (
        <div
          key={`summary-${attempt}`}
          ref={focusOnMount}
          tabIndex={-1}
          role="alert"
          className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-300"
        >
          <p className="font-semibold">{t('helpAdmin.errorSummary', { count: entries.length })}</p>
          <ul className="list-disc space-y-1 pl-5">
            {entries.map(([path, message]) => {
              const name = describe(path);
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

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          id={fieldId('category')}
          label={t('helpAdmin.category')}
          value={draft.category}
          onChange={(e) =>
            change('category', (d) => ({ ...d, category: e.target.value as HelpItemInput['category'] }))
          }
          options={HELP_CATEGORIES.map((c) => ({ value: c, label: t(`help.categories.${c}`) }))}
          error={errors.category}
        />
        <FormField
          id={fieldId('slug')}
          label={t('helpAdmin.slug')}
          value={draft.slug ?? ''}
          onChange={(e) => change('slug', (d) => ({ ...d, slug: e.target.value }))}
          maxLength={HELP_SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          error={errors.slug}
          hint={<p className="text-sm text-slate-600">{t('helpAdmin.slugHint')}</p>}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        {LANGUAGES.map((language) => (
          <LanguageColumn
            key={language}
            kind={kind}
            language={language}
            draft={draft}
            errors={errors}
            label={(key) => languageLabel(t(key), language)}
            onText={(field) => setText(field, language)}
          />
        ))}
      </div>

      <fieldset className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold">{t('helpAdmin.publishing')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            id={fieldId('published')}
            type="checkbox"
            checked={draft.published}
            onChange={(e) => change('published', (d) => ({ ...d, published: e.target.checked }))}
            aria-describedby="help-published-hint"
            className="size-4 accent-brand-700"
          />
          <span>{t('helpAdmin.published')}</span>
        </label>
        <p id="help-published-hint" className="text-sm text-slate-600">
          {t('helpAdmin.publishedHint')}
        </p>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={primary}>
          {busy ? t('helpAdmin.saving') : t(k('save'))}
        </button>
        <button type="button" onClick={onClose} className={secondary}>
          {t('helpAdmin.cancel')}
        </button>
        {item && (
          <div className="ml-auto">
            <ConfirmDialog
              open={confirmDelete}
              onOpenChange={setConfirmDelete}
              trigger={
                <button
                  type="button"
                  className="h-11 rounded-md border border-red-300 bg-white px-4 font-medium text-red-800 hover:bg-red-50"
                >
                  {t('helpAdmin.delete')}
                </button>
              }
              title={t(k('deleteTitle'))}
              summary={<span lang="en">{item.title.en}</span>}
              body={t('helpAdmin.deleteBody')}
              cancelLabel={t('helpAdmin.cancel')}
              confirmLabel={t('helpAdmin.deleteConfirm')}
              busyLabel={t('helpAdmin.deleting')}
              tone="danger"
              busy={remove.isPending}
              onConfirm={() => void deleteItem()}
            />
          </div>
        )}
      </div>
    </form>
  );
}

/** One language's title (or question) and Markdown body (or answer), with the body's preview. */
function LanguageColumn({
  kind,
  language,
  draft,
  errors,
  label,
  onText,
}: {
  kind: HelpKind;
  language: Language;
  draft: HelpItemInput;
  errors: FieldErrors;
  /** "Title (Español)": the label of `key` in this column's language. */
  label: (key: string) => string;
  onText: (field: 'title' | 'body') => (value: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = `help-column-${language}`;
  const previewId = useId();
  // The preview follows the typing without holding it up on a long article.
  const body = useDeferredValue(draft.body[language]);
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={headingId} lang={language} className="text-xl font-semibold">
        {t(`helpAdmin.languages.${language}`)}
      </h3>
      {language === 'es' && <p className="text-sm text-slate-700">{t('helpAdmin.spanishLead')}</p>}
      <FormField
        id={fieldId(`title.${language}`)}
        lang={language}
        label={label(`helpAdmin.${kind}.title`)}
        value={draft.title[language]}
        onChange={(e) => onText('title')(e.target.value)}
        maxLength={HELP_TITLE_MAX}
        aria-required={language === 'en' || undefined}
        error={errors[`title.${language}`]}
      />
      <TextAreaField
        id={fieldId(`body.${language}`)}
        lang={language}
        label={label(`helpAdmin.${kind}.body`)}
        value={draft.body[language]}
        onChange={(e) => onText('body')(e.target.value)}
        maxLength={HELP_BODY_MAX}
        length={draft.body[language].length}
        rows={kind === 'article' ? 14 : 8}
        aria-required={language === 'en' || undefined}
        error={errors[`body.${language}`]}
        hint={<p className="text-sm text-slate-600">{t('helpAdmin.markdownHint')}</p>}
      />
      <section aria-labelledby={previewId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p id={previewId} className="text-sm font-semibold text-slate-700">
          {label('helpAdmin.preview')}
        </p>
        {body.trim() ? (
          <div lang={language} className="text-ink">
            <Markdown headingLevel={4}>{body}</Markdown>
          </div>
        ) : (
          <p className="mt-2 text-slate-600">{t('helpAdmin.previewEmpty')}</p>
        )}
      </section>
    </section>
  );
}
