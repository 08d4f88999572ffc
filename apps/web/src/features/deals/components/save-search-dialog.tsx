/**
 * The "Save search" dialog of `/deals` (save-search-button.tsx loads it on demand): the filters it
 * saves, a name (the filters' summary to start from) and how often it alerts. Field errors show on
 * their fields; a refusal (the limit of saved searches, filters the API does not take) above the
 * buttons; success closes it with a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkPlus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SavedDealFilters } from '@dealclub/shared/deal-filters';
import type { ErrorCode } from '@dealclub/shared/errors';
import { SEARCH_FREQUENCIES } from '@dealclub/shared/preferences';
import {
  SAVED_SEARCH_NAME_MAX,
  savedSearchFormSchema,
  type SavedSearchForm,
} from '@dealclub/shared/saved-searches';
import { ChoiceGroup } from '@/components/ui/choice-fields';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import type { OnDemandProps } from '@/components/ui/on-demand';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import { hasFilters } from '@/lib/browse-filters';
import { useCreateSavedSearch } from '@/lib/saved-searches';
import { filterSummary, suggestedName } from '@/lib/saved-search-summary';
import { SAVE_SEARCH_CLASS } from './save-search-trigger';

/** Refusals whose own message says what to do. */
const CODED_REFUSALS: readonly ErrorCode[] = ['SAVED_SEARCH_LIMIT', 'SAVED_SEARCH_FILTERS_INVALID'];

export default function SaveSearchDialog({
  filters,
  defaultOpen,
  autoFocus,
}: { filters: SavedDealFilters } & OnDemandProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger autoFocus={autoFocus && !open} className={SAVE_SEARCH_CLASS}>
        <BookmarkPlus aria-hidden className="size-4" />
        {t('dealsBrowse.saveSearch')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          data-testid="save-search-dialog"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="pr-10 text-xl font-semibold">{t('dealsBrowse.saveSearch')}</Dialog.Title>
          {open && <SaveSearchPanel filters={filters} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SaveSearchPanel({ filters, onDone }: { filters: SavedDealFilters; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const ready = useLocaleSection('savedSearches');
  if (!ready) {
    return (
      <p role="status" className="text-slate-700">
        {t('app.loading')}
      </p>
    );
  }
  const summary = filterSummary(t, filters, i18n.language);
  return (
    <>
      <p className="text-slate-700">{t('savedSearches.dialog.lead')}</p>
      <section aria-label={t('savedSearches.dialog.filters')}>
        <ul className="flex flex-wrap gap-2">
          {summary.map((part) => (
            <li key={part} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
              {part}
            </li>
          ))}
        </ul>
      </section>
      {hasFilters(filters) ? (
        <SaveSearchForm filters={filters} defaultName={suggestedName(summary)} onDone={onDone} />
      ) : (
        <>
          <FormAlert tone="info">{t('savedSearches.dialog.noFilters')}</FormAlert>
          <div className="flex justify-end">
            <Dialog.Close className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100">
              {t('savedSearches.dialog.close')}
            </Dialog.Close>
          </div>
        </>
      )}
      {/* After the form, so that the focus lands first on the name; shown at the top right. */}
      <Dialog.Close
        aria-label={t('savedSearches.dialog.close')}
        className="absolute top-3 right-3 grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden className="size-5" />
      </Dialog.Close>
    </>
  );
}

function SaveSearchForm({
  filters,
  defaultName,
  onDone,
}: {
  filters: SavedDealFilters;
  defaultName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const create = useCreateSavedSearch();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SavedSearchForm>({
    resolver: zodResolver(savedSearchFormSchema),
    defaultValues: { name: defaultName, frequency: 'realtime' },
  });
  const { errors } = form.formState;
  // The name takes the focus: the dialog opened on its loading text when its texts were not here
  // yet, and the focus stayed on the dialog itself (opened after them, it is where Radix puts it).
  useEffect(() => form.setFocus('name'), [form]);

  async function submit(values: SavedSearchForm) {
    setFailure(null);
    try {
      await create.mutateAsync({ ...values, filters });
      toast({ title: t('savedSearches.dialog.saved'), description: t('savedSearches.dialog.savedHint') });
      onDone();
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      setFailure(codedErrorText(t, error, 'savedSearches.dialog.failed', CODED_REFUSALS));
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
      <FormField
        label={t('savedSearches.dialog.name')}
        maxLength={SAVED_SEARCH_NAME_MAX}
        autoComplete="off"
        error={message(errors.name?.message)}
        {...form.register('name')}
      />
      <ChoiceGroup
        legend={t('savedSearches.dialog.frequency')}
        type="radio"
        columns={1}
        options={SEARCH_FREQUENCIES.map((f) => ({ value: f, label: t(`preferences.frequencyOption.${f}`) }))}
        registration={form.register('frequency')}
        error={message(errors.frequency?.message)}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close
          type="button"
          className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('savedSearches.dialog.cancel')}
        </Dialog.Close>
        <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('savedSearches.dialog.saving')}>
          {t('savedSearches.dialog.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
