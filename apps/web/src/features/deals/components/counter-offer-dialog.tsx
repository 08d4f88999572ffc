import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTER_TTL_HOURS, counterAmount, counterAmountField } from '@dealclub/shared/counter-rules';
import type { CounterBody, CounterInput } from '@dealclub/shared/counters';
import type { ErrorCode } from '@dealclub/shared/errors';
import {
  latestCloseDate,
  localToday,
  MESSAGE_MAX_LENGTH,
  type OfferType,
} from '@dealclub/shared/offer-rules';
import { TextAreaField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { applyServerErrors, numberOrNull, useFieldMessage } from '@/lib/form-helpers';
import { lazyResolver } from '@/lib/lazy-resolver';
import { codedErrorText } from '@/lib/server-errors';
import { useCounterOffer } from '../api/counters';
import type { ReceivedOffer } from '../api/deal-offers';
import { buyerName } from './buyer-cells';
import { FormActions } from './form-actions';
import { formatMoney } from '@/lib/format';

/** Refusals whose own message says what happened (the offer was accepted or replaced meanwhile). */
const CODED_REFUSALS: readonly ErrorCode[] = [
  'OFFER_ALREADY_ACCEPTED',
  'OFFER_NOT_OPEN',
  'OFFER_NOT_FOUND',
  'DEAL_PENDING',
  'DEAL_UNAVAILABLE',
];

/** The API's schema for a counter to each offer type, loaded with the first validation. */
const RESOLVERS = {
  cash: lazyResolver(() => import('./counter-resolvers').then((m) => m.counterResolverFor('cash'))),
  creative: lazyResolver(() => import('./counter-resolvers').then((m) => m.counterResolverFor('creative'))),
} satisfies Record<OfferType, unknown>;

/**
 * "Counter" on an open offer of `/deals/:id/offers` (Radix Dialog, issue 17): the amount of the
 * offer's type, the close date and a message to the buyer, starting from the open counter's terms
 * or else the offer's. The buyer then has 72 hours to accept or decline; a newer counter replaces
 * the open one. Loaded when first asked for (counter-cell.tsx holds the trigger), with the form
 * library it needs.
 */
export default function CounterOfferDialog({
  offer,
  open,
  onOpenChange,
  opener,
}: {
  offer: ReceivedOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger that opened the dialog: the focus goes back to it when it closes. */
  opener: HTMLElement | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          data-testid="counter-dialog"
          // The trigger lives outside Radix (counter-cell.tsx): the focus goes back to it.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="grid gap-1 pr-10">
            <Dialog.Title className="text-xl font-semibold">{t('counters.dialog.title')}</Dialog.Title>
            <CounterLead offer={offer} />
          </div>
          {open && <CounterForm offer={offer} onDone={() => onOpenChange(false)} />}
          {/* After the form, so that the focus lands first on the amount; shown at the top right. */}
          <Dialog.Close
            aria-label={t('counters.dialog.close')}
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CounterLead({ offer }: { offer: ReceivedOffer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const offered = counterAmount(offer.type, offer);
  const open = offer.counter?.status === 'open' ? offer.counter : null;
  return (
    <Dialog.Description asChild>
      <div className="grid gap-2 text-slate-700">
        <p>
          {t('counters.dialog.lead', {
            name: buyerName(offer.buyer),
            amount: offered === null ? '' : formatMoney(offered, lang),
            date: formatDay(offer.estimatedCloseDate, lang),
            hours: COUNTER_TTL_HOURS,
          })}
        </p>
        {open && (
          <p className="text-sm">
            {t('counters.dialog.replaces', {
              amount: formatMoney(counterAmount(offer.type, open) ?? 0, lang),
            })}
          </p>
        )}
      </div>
    </Dialog.Description>
  );
}

function CounterForm({ offer, onDone }: { offer: ReceivedOffer; onDone: () => void }) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const counter = useCounterOffer();
  const field = counterAmountField(offer.type);
  const start = offer.counter?.status === 'open' ? offer.counter : offer;
  const resolver = RESOLVERS[offer.type];
  const form = useForm<CounterInput, unknown, CounterBody>({
    resolver,
    defaultValues: {
      [field]: start[field],
      estimatedCloseDate: start.estimatedCloseDate >= localToday() ? start.estimatedCloseDate : '',
      message: '',
    },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const errors = form.formState.errors;

  async function submit(values: CounterBody) {
    try {
      await counter.mutateAsync({ offerId: offer.id, values });
      toast({ title: t('counters.dialog.done', { hours: COUNTER_TTL_HOURS }) });
      onDone();
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      toast({
        title: codedErrorText(t, error, 'counters.dialog.failed', CODED_REFUSALS),
        variant: 'destructive',
      });
      // The offer moved on (accepted, replaced): the table, read again, shows it as it is.
      if (error instanceof ApiError && error.code && CODED_REFUSALS.includes(error.code)) onDone();
    }
  }

  return (
    <form
      noValidate
      aria-label={t('counters.dialog.title')}
      onSubmit={form.handleSubmit(submit)}
      onFocus={resolver.preload}
      className="grid gap-4"
    >
      <FormField
        key={field}
        label={t(`counters.dialog.${field}`)}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        autoComplete="off"
        error={translate(errors[field]?.message)}
        {...form.register(field, { setValueAs: numberOrNull })}
      />
      <FormField
        label={t('counters.dialog.closeDate')}
        type="date"
        min={localToday()}
        max={latestCloseDate()}
        error={translate(errors.estimatedCloseDate?.message)}
        {...form.register('estimatedCloseDate')}
      />
      <TextAreaField
        label={t('counters.dialog.message')}
        maxLength={MESSAGE_MAX_LENGTH}
        length={message.length}
        error={translate(errors.message?.message)}
        {...form.register('message')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100">
          {t('counters.dialog.cancel')}
        </Dialog.Close>
        <FormActions
          label={t('counters.dialog.submit')}
          busyLabel={t('counters.dialog.sending')}
          busy={counter.isPending}
        />
      </div>
    </form>
  );
}
