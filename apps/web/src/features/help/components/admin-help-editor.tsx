import { useState, type FormEvent } from 'react';
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
import {
  BilingualColumns,
  EditorActions,
  MarkdownPreview,
  PublishedField,
  SaveRefusal,
  useRefusal,
} from '@/components/ui/bilingual-editor';
import { SelectField, TextAreaField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
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
  const refusal = useRefusal(firstPerPath);
  const { errors } = refusal;
  const busy = create.isPending || update.isPending;
  const k = (key: string) => `helpAdmin.${kind}.${key}`;

  const change = (path: string, next: (d: HelpItemInput) => HelpItemInput) => {
    setDraft(next);
    refusal.clear(path);
  };
  const setText = (field: 'title' | 'body', language: Language) => (value: string) =>
    change(`${field}.${language}`, (d) => ({ ...d, [field]: { ...d[field], [language]: value } }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const input: HelpItemInput = { ...draft, slug: draft.slug?.trim() || undefined };
    const parsed = SCHEMAS[kind].safeParse(toApi(kind, input));
    if (!parsed.success) {
      return refusal.refuse(
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
      refusal.refuse(
        fields,
        fields.length
          ? null
          : codedErrorText(t, error, 'helpAdmin.saveFailed', ['HELP_SLUG_TAKEN', 'HELP_LIMIT']),
      );
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

  return (
    <form noValidate aria-labelledby="help-editor-title" onSubmit={save} className="grid gap-8">
      <h2 id="help-editor-title" className="text-2xl font-semibold">
        {t(item ? k('editTitle') : k('newTitle'))}
      </h2>

      <SaveRefusal
        refusal={refusal}
        title={(count) => t('helpAdmin.errorSummary', { count })}
        fieldName={describe}
        fieldId={fieldId}
      />

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

      <BilingualColumns
        idPrefix="help-column"
        heading={3}
        languageName={(language) => t(`helpAdmin.languages.${language}`)}
        spanishLead={t('helpAdmin.spanishLead')}
      >
        {(language) => (
          <LanguageFields
            kind={kind}
            language={language}
            draft={draft}
            errors={errors}
            label={(key) => languageLabel(t(key), language)}
            onText={(field) => setText(field, language)}
          />
        )}
      </BilingualColumns>

      <PublishedField
        id={fieldId('published')}
        checked={draft.published}
        onChange={(published) => change('published', (d) => ({ ...d, published }))}
        legend={t('helpAdmin.publishing')}
        label={t('helpAdmin.published')}
        hint={t('helpAdmin.publishedHint')}
      />

      <EditorActions
        busy={busy}
        saveLabel={t(k('save'))}
        savingLabel={t('helpAdmin.saving')}
        cancel={{ label: t('helpAdmin.cancel'), onClick: onClose }}
        deletion={
          item && {
            label: t('helpAdmin.delete'),
            title: t(k('deleteTitle')),
            summary: <span lang="en">{item.title.en}</span>,
            body: t('helpAdmin.deleteBody'),
            cancelLabel: t('helpAdmin.cancel'),
            confirmLabel: t('helpAdmin.deleteConfirm'),
            busyLabel: t('helpAdmin.deleting'),
            busy: remove.isPending,
            run: () => remove.mutateAsync(item.id),
            deleted: t(k('deleted')),
            failed: (error) => codedErrorText(t, error, 'helpAdmin.deleteFailed'),
            onDeleted: onClose,
          }
        }
      />
    </form>
  );
}

/** One language's title (or question) and Markdown body (or answer), with the body's preview. */
function LanguageFields({
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
  return (
    <>
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
      <MarkdownPreview
        label={label('helpAdmin.preview')}
        empty={t('helpAdmin.previewEmpty')}
        body={draft.body[language]}
        language={language}
        headingLevel={4}
      />
    </>
  );
}
