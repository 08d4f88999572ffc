import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Language } from '@dealclub/shared/constants';
import {
  ROADMAP_DESCRIPTION_MAX,
  ROADMAP_STATUSES,
  ROADMAP_TITLE_MAX,
  roadmapItemInputSchema,
  type AdminRoadmapItem,
  type RoadmapItemInput,
  type RoadmapStatus,
} from '@dealclub/shared/roadmap';
import { PageFallback } from '@/components/layout/page-fallback';
import { BilingualColumns, EditorActions } from '@/components/ui/bilingual-editor';
import { SelectField, TextAreaField } from '@/components/ui/choice-fields';
import { ConfirmAction } from '@/components/ui/confirm-dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { toast } from '@/components/ui/use-toast';
import { useFieldMessage } from '@/lib/form-helpers';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import {
  inputOf,
  useAdminRoadmap,
  useDeleteRoadmapItem,
  useSaveRoadmapItem,
  useSwapRoadmapItems,
} from '../api/roadmap';

const LIST = '/admin?tab=roadmap';
const small =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50';

/**
 * The admin panel's Roadmap tab (`/admin?tab=roadmap`): the items by status with their votes, the
 * order within a status (up and down), delete, and at `&edit=<id>` or `&edit=new` the editor of an
 * item in both languages. Loaded with its texts only when the tab is opened.
 */
export default function AdminRoadmapTab() {
  const roadmapTexts = useLocaleSection('roadmap');
  const adminTexts = useLocaleSection('roadmapAdmin');
  if (!roadmapTexts || !adminTexts) return <PageFallback />;
  return <RoadmapAdmin />;
}

function RoadmapAdmin() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const edit = params.get('edit');
  const list = useAdminRoadmap();
  if (list.isPending) return <PageFallback />;
  if (list.isError && !list.data) {
    return <LoadFailed message={t('roadmapAdmin.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.items;
  if (edit) {
    const item = edit === 'new' ? null : (items.find((i) => i.id === edit) ?? null);
    if (edit !== 'new' && !item) return <FormAlert>{t('errors.ROADMAP_ITEM_NOT_FOUND')}</FormAlert>;
    return <Editor key={edit} item={item} />;
  }
  return <ListView items={items} />;
}

function ListView({ items }: { items: AdminRoadmapItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">{t('roadmapAdmin.title', { count: items.length })}</h2>
        <Link
          to={`${LIST}&edit=new`}
          className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <Plus aria-hidden className="size-4" />
          {t('roadmapAdmin.add')}
        </Link>
      </div>
      {ROADMAP_STATUSES.map((status) => (
        <StatusGroup key={status} status={status} items={items.filter((i) => i.status === status)} />
      ))}
    </div>
  );
}

function StatusGroup({ status, items }: { status: RoadmapStatus; items: AdminRoadmapItem[] }) {
  const { t } = useTranslation();
  const swap = useSwapRoadmapItems();
  const move = (a: AdminRoadmapItem, b: AdminRoadmapItem | undefined) => {
    if (!b) return;
    swap.mutate(
      { a, b },
      {
        onError: (error) =>
          toast({ title: codedErrorText(t, error, 'roadmapAdmin.actionFailed'), variant: 'destructive' }),
      },
    );
  };
  const headingId = `roadmap-admin-${status}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-xl font-semibold">
        {t(`roadmap.status.${status}`)} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-slate-700">{t('roadmap.emptyStatus')}</p>
      ) : (
        <ol className="grid gap-3">
          {items.map((item, index) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-semibold" lang="en">
                  {item.title.en}
                </p>
                <p className="text-slate-700" lang="es">
                  {item.title.es}
                </p>
                <p className="text-sm text-slate-700">{t('roadmap.votes', { count: item.votes })}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={small}
                  disabled={index === 0 || swap.isPending}
                  onClick={() => move(item, items[index - 1])}
                  aria-label={t('roadmapAdmin.moveUp', { title: item.title.en })}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={index === items.length - 1 || swap.isPending}
                  onClick={() => move(item, items[index + 1])}
                  aria-label={t('roadmapAdmin.moveDown', { title: item.title.en })}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <Link
                  to={`${LIST}&edit=${item.id}`}
                  className={`${small} underline`}
                  aria-label={t('roadmapAdmin.editItem', { title: item.title.en })}
                >
                  {t('roadmapAdmin.edit')}
                </Link>
                <DeleteButton item={item} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DeleteButton({ item }: { item: AdminRoadmapItem }) {
  const { t } = useTranslation();
  const remove = useDeleteRoadmapItem();
  return (
    <ConfirmAction
      action={() => remove.mutateAsync(item.id)}
      done={t('roadmapAdmin.deleted')}
      failed={(error) => codedErrorText(t, error, 'roadmapAdmin.actionFailed')}
      trigger={
        <button
          type="button"
          aria-label={t('roadmapAdmin.deleteItem', { title: item.title.en })}
          className="h-11 rounded-md border border-red-300 bg-white px-3 font-medium text-red-800 hover:bg-red-50"
        >
          {t('roadmapAdmin.delete')}
        </button>
      }
      title={t('roadmapAdmin.deleteTitle')}
      summary={<span lang="en">{item.title.en}</span>}
      body={t('roadmapAdmin.deleteBody')}
      cancelLabel={t('roadmapAdmin.cancel')}
      confirmLabel={t('roadmapAdmin.deleteConfirm')}
      busyLabel={t('roadmapAdmin.deleting')}
      tone="danger"
      busy={remove.isPending}
    />
  );
}

type Field = 'title' | 'description';
type FieldErrors = Partial<Record<string, string>>;

const EMPTY: RoadmapItemInput = {
  title: { en: '', es: '' },
  description: { en: '', es: '' },
  status: 'planned',
};

function Editor({ item }: { item: AdminRoadmapItem | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const save = useSaveRoadmapItem();
  const [draft, setDraft] = useState<RoadmapItemInput>(item ? inputOf(item) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = (path: string) => `roadmap-${path.replace('.', '-')}`;
  const label = (key: string, language: Language) =>
    t('roadmapAdmin.field', { field: t(key), language: t(`roadmapAdmin.languages.${language}`) });

  const setText = (field: Field, language: Language) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [language]: value } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = roadmapItemInputSchema.safeParse(draft);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= fieldMessage(issue.message);
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: item?.id ?? null, input: draft },
      {
        onSuccess: () => {
          toast({ title: t(item ? 'roadmapAdmin.saved' : 'roadmapAdmin.created') });
          void navigate(LIST);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, t);
          if (fields.length) {
            setErrors(Object.fromEntries(fields.map((f) => [f.path, f.text])));
          } else setFailure(codedErrorText(t, error, 'roadmapAdmin.actionFailed'));
        },
      },
    );
  };

  return (
    <form noValidate aria-labelledby="roadmap-editor-title" onSubmit={onSubmit} className="grid gap-6">
      <h2 id="roadmap-editor-title" className="text-2xl font-semibold">
        {item ? t('roadmapAdmin.editTitle') : t('roadmapAdmin.newTitle')}
      </h2>
      {failure && <FormAlert>{failure}</FormAlert>}
      <SelectField
        id={fieldId('status')}
        label={t('roadmapAdmin.status')}
        value={draft.status}
        onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as RoadmapStatus }))}
        options={ROADMAP_STATUSES.map((s) => ({ value: s, label: t(`roadmap.status.${s}`) }))}
        error={errors.status}
        className="max-w-xs"
      />
      <BilingualColumns
        idPrefix="roadmap-column"
        heading="legend"
        languageName={(language) => t(`roadmapAdmin.languages.${language}`)}
      >
        {(language) => (
          <>
            <FormField
              id={fieldId(`title.${language}`)}
              lang={language}
              label={label('roadmapAdmin.itemTitle', language)}
              value={draft.title[language]}
              onChange={(e) => setText('title', language)(e.target.value)}
              maxLength={ROADMAP_TITLE_MAX}
              error={errors[`title.${language}`]}
            />
            <TextAreaField
              id={fieldId(`description.${language}`)}
              lang={language}
              label={label('roadmapAdmin.description', language)}
              value={draft.description[language]}
              onChange={(e) => setText('description', language)(e.target.value)}
              maxLength={ROADMAP_DESCRIPTION_MAX}
              length={draft.description[language].length}
              error={errors[`description.${language}`]}
            />
          </>
        )}
      </BilingualColumns>
      <EditorActions
        busy={save.isPending}
        saveLabel={t('roadmapAdmin.save')}
        savingLabel={t('roadmapAdmin.saving')}
        cancel={{ label: t('roadmapAdmin.cancel'), to: LIST }}
      />
    </form>
  );
}
