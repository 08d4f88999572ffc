import { useEffect, useState } from 'react';
import type { DefaultValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@dealclub/shared/errors';
import { latestCloseDate, localToday, MESSAGE_MAX_LENGTH, offerTypesFor } from '@dealclub/shared/offer-rules';
import type { OfferInput, OfferValues } from '@dealclub/shared/offers';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import { ChoiceGroup, TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { FormField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { useDisclosures } from '../api/disclosures';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, numberOrNull, useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText } from '@/lib/server-errors';
import { useDraft } from '@/lib/use-draft';
import type { DealDetail, Offer } from '@/lib/deals';
import { useRefreshDeal, useSubmitOffer } from '../api/offers';
import { FormActions } from './form-actions';
import { formatMoney } from '@/lib/format';
import { RiskAcknowledgements } from './risk-acknowledgements';

/** Refusals of the API that say why no offer is taken: shown as they are, not as a generic failure. */
const CODED_REFUSALS: readonly ErrorCode[] = [
  'DEAL_PENDING',
  'DEAL_UNAVAILABLE',
  'OWN_DEAL',
  'LISTING_NOT_FOUND',
];

/** What the offer form keeps of an unsent offer: its fields and the risks acknowledged. */
interface OfferDraft {
  values: DefaultValues<OfferInput>;
  acknowledged: string[];
}

const schemaResolver = lazyResolver(() => import('./offer-resolvers').then((m) => m.offerSchemaResolver));

/**
 * The offer schema of the API, on the values the buyer sees: the amount of the type not chosen is
 * left out, so a figure typed before switching type cannot block the submit from a hidden field.
 */
const offerResolver: Resolver<OfferInput, unknown, OfferValues> = (values, context, options) =>
  schemaResolver(
    {
      ...values,
      purchasePrice: values.type === 'cash' ? values.purchasePrice : null,
      entryFee: values.type === 'creative' ? values.entryFee : null,
    },
    context,
    options,
  );

/**
 * "Make an offer" (core §5): the type (cash only on a cash deal), the purchase price of a cash
 * offer or the entry fee of a creative one, the estimated close date and an optional message.
 * Validated by the API's own schema. After the submit the deal is read again; a failed read is
 * reported as such, since the offer itself went through.
 */
export function OfferForm({
  deal,
  current,
  onDone,
  onCancel,
}: {
  deal: Pick<DealDetail, 'id' | 'category' | 'purchasePrice' | 'entryFee'>;
  /** The offer being replaced, whose figures the form starts from. */
  current: Offer | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const translate = useFieldMessage();
  const submitOffer = useSubmitOffer(deal.id);
  const refreshDeal = useRefreshDeal(deal.id);
  const types = offerTypesFor(deal.category);
  const startType = types.length === 1 ? types[0] : types.find((type) => type === current?.type);
  const [defaults] = useState<OfferDraft>(() => ({
    values: {
      type: startType,
      purchasePrice: current?.purchasePrice ?? null,
      entryFee: current?.entryFee ?? null,
      estimatedCloseDate:
        current && current.estimatedCloseDate >= localToday() ? current.estimatedCloseDate : '',
      message: current?.message ?? '',
    },
    acknowledged: [],
  }));
  // The offer and the risks acknowledged are kept while the buyer types (issue 33).
  const draft = useDraft<OfferDraft>('offer', deal.id, defaults);
  const form = useSimpleForm<OfferInput, unknown, OfferValues>({
    resolver: offerResolver,
    defaultValues: draft.initial.values,
  });
  const type = form.watch('type');
  const message = form.watch('message') ?? '';
  const errors = form.formState.errors;
  const lang = i18n.language;
  // A creative offer acknowledges every risk of the deal's terms (issue 17); the server checks it too.
  const creativeDeal = deal.category === 'creative';
  const disclosures = useDisclosures(deal.id, creativeDeal);
  const [acknowledged, setAcknowledged] = useState<Set<string>>(() => new Set(draft.initial.acknowledged));
  const { keep } = draft;
  useEffect(() => {
    const keepAll = (values: DefaultValues<OfferInput>) => keep({ values, acknowledged: [...acknowledged] });
    keepAll(form.getValues());
    return form.subscribe(keepAll);
  }, [form, keep, acknowledged]);
  const [risksError, setRisksError] = useState<string | undefined>();
  const risks = disclosures.data ?? [];
  const risksMissing =
    type === 'creative' &&
    (disclosures.isPending || disclosures.isError || risks.some((item) => !acknowledged.has(item.key)));

  async function submit(values: OfferValues) {
    setRisksError(undefined);
    const body = {
      ...values,
      acknowledgedRisks:
        values.type === 'creative' ? risks.filter((i) => acknowledged.has(i.key)).map((i) => i.key) : [],
    };
    try {
      const idempotencyKey = await draft.keyFor(body, {
        values: form.getValues(),
        acknowledged: [...acknowledged],
      });
      await submitOffer.mutateAsync({ ...body, idempotencyKey });
      draft.saved();
    } catch (error) {
      // The terms changed since the buyer read them: show the risks as they are now, to acknowledge.
      if (
        error instanceof ApiError &&
        (error.code === 'RISKS_NOT_ACKNOWLEDGED' || error.code === 'UNKNOWN_DISCLOSURE')
      ) {
        setRisksError(t('offers.validation.risks'));
        disclosures.refetch().catch(() => undefined);
        return;
      }
      if (applyServerErrors(form, error, t)) return;
      toast({
        title: codedErrorText(t, error, 'offers.form.failed', CODED_REFUSALS),
        variant: 'destructive',
      });
      // The deal changed under the buyer (it went pending, say): show it as it is now.
      if (error instanceof ApiError && error.code && CODED_REFUSALS.includes(error.code)) {
        refreshDeal().catch(() => undefined);
      }
      return;
    }
    try {
      await refreshDeal();
      toast({ title: t(current ? 'offers.form.replaced' : 'offers.form.submitted') });
      onDone();
    } catch {
      toast({ title: t('offers.form.refreshFailed'), variant: 'destructive' });
      onDone();
    }
  }

  const amount =
    type === 'cash'
      ? {
          name: 'purchasePrice' as const,
          label: t('offers.form.purchasePrice'),
          asking: t('offers.form.askingPrice', { amount: formatMoney(deal.purchasePrice, lang) }),
        }
      : type === 'creative'
        ? {
            name: 'entryFee' as const,
            label: t('offers.form.entryFee'),
            asking:
              deal.entryFee === null
                ? null
                : t('offers.form.askingEntryFee', { amount: formatMoney(deal.entryFee, lang) }),
          }
        : null;

  return (
    <form
      noValidate
      aria-label={current ? t('offers.form.replaceTitle') : t('offers.form.title')}
      onSubmit={form.handleSubmit(submit)}
      onFocus={schemaResolver.preload}
      className="grid gap-4"
      data-testid="offer-form"
    >
      <KeptDraftNotice
        draft={draft}
        reset={() => {
          form.reset(defaults.values);
          setAcknowledged(new Set());
        }}
      />
      <ChoiceGroup
        legend={t('offers.form.type')}
        type="radio"
        columns={1}
        options={types.map((value) => ({ value, label: t(`offers.type.${value}`) }))}
        registration={form.register('type')}
        error={translate(errors.type?.message)}
      />
      {types.length === 1 && (
        <p className="-mt-2 text-sm text-slate-600">{t('offers.validation.cashDealCashOnly')}</p>
      )}
      {amount && (
        <FormField
          key={amount.name}
          label={amount.label}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoComplete="off"
          error={translate(errors[amount.name]?.message)}
          hint={amount.asking ? <p className="text-sm text-slate-600">{amount.asking}</p> : undefined}
          {...form.register(amount.name, { setValueAs: numberOrNull })}
        />
      )}
      <FormField
        label={t('offers.form.closeDate')}
        type="date"
        min={localToday()}
        max={latestCloseDate()}
        error={translate(errors.estimatedCloseDate?.message)}
        hint={<p className="text-sm text-slate-600">{t('offers.form.closeDateHint')}</p>}
        {...form.register('estimatedCloseDate')}
      />
      {type === 'creative' &&
        (disclosures.isError ? (
          <LoadFailed
            message={t('offers.form.risks.loadFailed')}
            onRetry={() => void disclosures.refetch()}
          />
        ) : risks.length > 0 ? (
          <RiskAcknowledgements
            items={risks}
            checked={acknowledged}
            onChange={(next) => {
              setAcknowledged(next);
              setRisksError(undefined);
            }}
            error={risksError}
          />
        ) : null)}
      <TextAreaField
        label={t('offers.form.message')}
        maxLength={MESSAGE_MAX_LENGTH}
        length={message.length}
        error={translate(errors.message?.message)}
        {...form.register('message')}
      />
      <FormActions
        label={current ? t('offers.form.submitReplace') : t('offers.form.submit')}
        busyLabel={t('offers.form.submitting')}
        busy={submitOffer.isPending}
        disabled={risksMissing}
        onCancel={onCancel}
      />
    </form>
  );
}
