import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DealValues } from '@dealclub/shared/deals';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useFieldMessage } from '@/lib/form-helpers';
import { serverFieldErrors } from '@/lib/server-errors';
import { useSimpleForm, type FieldErrors } from '@/lib/simple-form';
import { useDraft } from '@/lib/use-draft';
import { uploadDealPhoto, useCreateDeal, useUpdateDeal, type DealPhotoItem } from '../api/deal-mutations';
import {
  AddressSection,
  CertificationSection,
  DescriptionSection,
  LeaseOptionSection,
  PriceSection,
  PropertySection,
  PurchaseTypeSection,
  SellerFinanceSection,
  SubjectToSection,
  TagsSection,
} from './deal-form-sections';
import { FormSection, messageOf, fieldId } from './form-controls';
import { PhotoInput } from './form-photo-input';
import { moveItem, PhotoList } from './form-photo-list';
import { UploadPhase, type UploadItem } from './form-upload-phase';
import {
  dealFormResolver,
  dealToForm,
  EMPTY_DEAL,
  dealFieldOf,
  errorCount,
  preloadDealSchema,
  visibleSections,
  type DealFormField,
  type DealFormValues,
} from './form-values';
import { photoErrorText, PhotoManager } from './photo-manager';

/** What the edit form needs of a saved deal (the detail answer). */
export interface EditableDeal {
  id: string;
  photos: readonly DealPhotoItem[];
}

interface PendingPhoto {
  key: string;
  file: File;
  src: string | null;
}

type Failure = { kind: 'duplicate'; dealId: string | null } | { kind: 'error'; message: string };

let pendingKey = 0;

function previewOf(file: File): string | null {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

function revoke(photo: PendingPhoto) {
  if (photo.src) URL.revokeObjectURL(photo.src);
}

/**
 * The one deal form of `/deals/new` and `/deals/:id/edit`: every field of `dealSchema` in sections,
 * the purchase-type sections of the chosen type only, an error summary that counts the fields with
 * errors, server errors on their fields, and the photos (picked before saving on a new deal and
 * uploaded once it exists; managed live on an existing one).
 */
export function DealForm({ deal }: { deal?: EditableDeal }) {
  const isNew = !deal;
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateDeal();
  const update = useUpdateDeal(deal?.id ?? '');
  const resolver = useMemo(() => dealFormResolver(isNew), [isNew]);
  const [defaults] = useState(() => (deal ? dealToForm(deal) : EMPTY_DEAL));
  // What the seller typed is kept while they type, and the form starts from it (issue 33).
  const draft = useDraft<DealFormValues>(deal ? 'deal-edit' : 'deal-new', deal?.id, defaults);
  const form = useSimpleForm<DealFormValues, unknown, DealValues>({
    resolver,
    defaultValues: draft.initial,
    shouldFocusError: false,
  });
  const shown = visibleSections(form.watch('category'), form.watch('purchaseType'));

  const errors: FieldErrors<DealFormValues> = form.formState.errors;
  const count = errorCount(errors);
  const [showSummary, setShowSummary] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** Each failed submit remounts the summary (or the alert), which takes the focus as it mounts. */
  const [focusTick, setFocusTick] = useState(0);
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const focusAlert = () => setFocusTick((n) => n + 1);

  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const photoInput = useRef<HTMLInputElement>(null);
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  useEffect(() => () => pendingRef.current.forEach(revoke), []);
  const [upload, setUpload] = useState<{ dealId: string; items: UploadItem[]; finished: boolean } | null>(
    null,
  );

  // The names of the photos chosen (the files themselves are not kept); until the seller chooses
  // again, those of the restored draft, so that a second ended session still names them.
  const restoredFiles = draft.restored?.files;
  const fileNames = useMemo(
    () => (pending.length ? pending.map((p) => p.file.name) : (restoredFiles ?? [])),
    [pending, restoredFiles],
  );
  const { keep } = draft;
  useEffect(() => {
    keep(form.getValues(), fileNames);
    return form.subscribe((values) => keep(values, fileNames));
  }, [form, keep, fileNames]);

  function invalid() {
    setFailure(null);
    setShowSummary(true);
    focusAlert();
  }

  async function uploadPhotos(dealId: string, photos: PendingPhoto[]) {
    const patch = (key: string, change: Partial<UploadItem>) =>
      setUpload((u) => u && { ...u, items: u.items.map((i) => (i.key === key ? { ...i, ...change } : i)) });
    setUpload({
      dealId,
      finished: false,
      items: photos.map((p) => ({ key: p.key, name: p.file.name, progress: 0, error: null, done: false })),
    });
    let failed = 0;
    for (const photo of photos) {
      try {
        await uploadDealPhoto(dealId, {
          file: photo.file,
          onProgress: (progress) => patch(photo.key, { progress }),
        });
        patch(photo.key, { progress: 1, done: true });
      } catch (error) {
        failed += 1;
        patch(photo.key, { error: photoErrorText(t, error, 'dealForm.photos.uploadFailed') });
      }
    }
    void queryClient.invalidateQueries({ queryKey: ['deals'] });
    if (failed === 0) goToDeal(dealId);
    else setUpload((u) => u && { ...u, finished: true });
  }

  /** On to the saved deal, whose heading takes the focus the saving button had (useFocusOnNavigation). */
  function goToDeal(dealId: string) {
    navigate(`/deals/${dealId}`);
  }

  async function submit(values: DealValues) {
    setFailure(null);
    setShowSummary(false);
    try {
      if (isNew) {
        const idempotencyKey = await draft.keyFor(values, form.getValues(), fileNames);
        const saved = await create.mutateAsync({ ...values, idempotencyKey });
        // The form's last changes of state (its submit ending) carry these values: no draft any more.
        draft.saved(form.getValues());
        // First right of refusal: the seller learns at once how many buyers have the deal first.
        toast({
          title: t('dealForm.created'),
          ...(saved.status === 'exclusive' && saved.priorityBuyers != null
            ? { description: t('dealForm.createdExclusive', { count: saved.priorityBuyers }) }
            : {}),
        });
        if (pending.length) await uploadPhotos(saved.id, pending);
        else goToDeal(saved.id);
      } else {
        await update.mutateAsync(values);
        draft.saved(form.getValues());
        toast({ title: t('dealForm.saved') });
        goToDeal(deal.id);
      }
    } catch (error) {
      const fields = serverFieldErrors(error, t).flatMap(({ path, text }) => {
        const field = dealFieldOf(path);
        return field ? [{ field, text }] : [];
      });
      if (fields.length) {
        for (const { field, text } of fields) form.setError(field, { type: 'server', message: text });
        setShowSummary(true);
      } else if (error instanceof ApiError && error.code === 'DUPLICATE_ADDRESS') {
        const details = (error.body as { details?: { dealId?: string } }).details;
        setFailure({ kind: 'duplicate', dealId: details?.dealId ?? null });
      } else {
        setFailure({
          kind: 'error',
          message:
            error instanceof ApiError && error.code ? t(`errors.${error.code}`) : t('dealForm.saveFailed'),
        });
      }
      focusAlert();
    }
  }

  if (upload) {
    return <UploadPhase dealId={upload.dealId} items={upload.items} finished={upload.finished} />;
  }

  const errorFields = (Object.keys(errors) as DealFormField[]).filter((name) => messageOf(errors[name]));
  const busy = form.formState.isSubmitting;

  return (
    <form
      noValidate
      aria-labelledby="deal-form-title"
      onSubmit={form.handleSubmit(submit, invalid)}
      onFocus={preloadDealSchema}
      className="grid gap-6"
    >
      <KeptDraftNotice draft={draft} reset={() => form.reset(defaults)} />
      {showSummary && count > 0 && (
        <div
          key={`summary-${focusTick}`}
          ref={focusOnMount}
          tabIndex={-1}
          role="alert"
          aria-labelledby="deal-form-summary"
          className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-300"
        >
          <p id="deal-form-summary" className="font-semibold">
            {t('dealForm.summary', { count })}
          </p>
          <ul className="list-disc pl-5 text-sm">
            {errorFields.map((name) => (
              <li key={name}>
                <a
                  href={`#${fieldId(name)}`}
                  className="underline"
                  onClick={(e) => {
                    e.preventDefault();
                    form.setFocus(name);
                  }}
                >
                  {t(`dealForm.fields.${name}`)}: {translate(messageOf(errors[name]))}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure && (
        <div key={`failure-${focusTick}`} ref={focusOnMount} tabIndex={-1} className="outline-none">
          <FormAlert>
            {failure.kind === 'duplicate' ? (
              <>
                {t('errors.DUPLICATE_ADDRESS')}{' '}
                {failure.dealId && (
                  <Link to={`/deals/${failure.dealId}`} className="font-semibold underline">
                    {t('dealForm.duplicateLink')}
                  </Link>
                )}
              </>
            ) : (
              failure.message
            )}
          </FormAlert>
        </div>
      )}

      <AddressSection form={form} />
      <PriceSection form={form} />
      {shown.purchaseType && <PurchaseTypeSection form={form} />}
      {shown.subjectTo && <SubjectToSection form={form} />}
      {shown.sellerFinance && <SellerFinanceSection form={form} />}
      {shown.leaseOption && <LeaseOptionSection form={form} />}
      <PropertySection form={form} />
      <DescriptionSection form={form} />
      <TagsSection form={form} />

      <FormSection
        title={t('dealForm.sections.photos')}
        lead={isNew ? t('dealForm.photos.newLead') : t('dealForm.photos.editLead')}
      >
        {deal ? (
          <PhotoManager dealId={deal.id} initial={deal.photos} />
        ) : (
          <>
            <PhotoInput
              inputRef={photoInput}
              count={pending.length}
              disabled={busy}
              onAccepted={(files) =>
                setPending((list) => [
                  ...list,
                  ...files.map((file) => ({ key: `pending-${++pendingKey}`, file, src: previewOf(file) })),
                ])
              }
            />
            <PhotoList
              items={pending.map((p) => ({ key: p.key, src: p.src, name: p.file.name }))}
              disabled={busy}
              onMove={(from, to) => setPending((list) => moveItem(list, from, to))}
              focusWhenEmpty={() => photoInput.current?.focus()}
              onRemove={(index) =>
                setPending((list) => {
                  const gone = list[index];
                  if (gone) revoke(gone);
                  return list.filter((_, i) => i !== index);
                })
              }
            />
          </>
        )}
      </FormSection>

      <CertificationSection form={form} isNew={isNew} />

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel={t('dealForm.saving')}>
          {isNew ? t('dealForm.submitNew') : t('dealForm.submitEdit')}
        </SubmitButton>
        <Link
          to={deal ? `/deals/${deal.id}` : '/deals?view=mine'}
          className="inline-flex h-11 items-center rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('dealForm.cancel')}
        </Link>
      </div>
    </form>
  );
}
