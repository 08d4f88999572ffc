import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@dealclub/shared/errors';
import { MESSAGE_MAX_LENGTH } from '@dealclub/shared/offer-rules';
import type { InterestInput } from '@dealclub/shared/offers';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import { TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { toast } from '@/components/ui/use-toast';
import { formatDay } from '@/lib/dates';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText } from '@/lib/server-errors';
import { useDraft, useKeepDraft } from '@/lib/use-draft';
import { useExpressInterest } from '../api/offers';
import type { Interest } from '@/lib/deals';
import { DetailSection } from './detail-sections';
import { FormActions } from './form-actions';
import { QuotedMessage } from './quoted-message';

/** Refusals that say why the deal takes no interest from this buyer: shown as they are. */
const CODED_REFUSALS: readonly ErrorCode[] = ['OWN_DEAL', 'DEAL_UNAVAILABLE', 'LISTING_NOT_FOUND'];

const interestResolver = lazyResolver<InterestInput>(() =>
  import('./offer-resolvers').then((m) => m.interestResolver),
);

/**
 * "Express interest" on the deal detail: a message to the seller (up to 2,000 characters). Once
 * sent it shows when and what, and the buyer may update the message while the deal takes interest.
 */
export function InterestPanel({
  dealId,
  interest,
  canSend,
}: {
  dealId: string;
  interest: Interest | null;
  /** Whether the deal takes interest now (exclusive, active or pending). */
  canSend: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  if (!interest && !canSend) return null;
  return (
    <DetailSection title={t('offers.interest.title')}>
      {interest && !editing ? (
        <div className="grid gap-3" data-testid="my-interest">
          <InterestSent interest={interest} className="text-slate-700" />
          <QuotedMessage text={interest.message} />
          {canSend && (
            <div>
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50"
              >
                {t('offers.interest.update')}
              </button>
            </div>
          )}
        </div>
      ) : (
        <InterestForm
          dealId={dealId}
          initial={interest}
          onDone={() => setEditing(false)}
          onCancel={interest ? () => setEditing(false) : undefined}
        />
      )}
    </DetailSection>
  );
}

/** When the buyer expressed interest and, once they updated their message, when they last did. */
export function InterestSent({
  interest,
  className,
}: {
  interest: Pick<Interest, 'createdAt' | 'updatedAt'>;
  className: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <p className={className}>
      {t('offers.interest.sentOn', { date: formatDay(interest.createdAt, i18n.language) })}
      {interest.updatedAt !== interest.createdAt && (
        <> {t('offers.interest.updatedOn', { date: formatDay(interest.updatedAt, i18n.language) })}</>
      )}
    </p>
  );
}

function InterestForm({
  dealId,
  initial,
  onDone,
  onCancel,
}: {
  dealId: string;
  initial: Interest | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const send = useExpressInterest(dealId);
  const [defaults] = useState<InterestInput>(() => ({ message: initial?.message ?? '' }));
  const draft = useDraft('interest', dealId, defaults);
  const form = useSimpleForm<InterestInput>({ resolver: interestResolver, defaultValues: draft.initial });
  useKeepDraft(draft, form);
  const message = form.watch('message') ?? '';

  async function submit(values: InterestInput) {
    try {
      await send.mutateAsync({ ...values, idempotencyKey: await draft.keyFor(values, form.getValues()) });
      draft.saved();
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      toast({
        title: codedErrorText(t, error, 'offers.interest.failed', CODED_REFUSALS),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t(initial ? 'offers.interest.updated' : 'offers.interest.sent') });
    onDone();
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={interestResolver.preload}
      className="grid gap-3"
    >
      <KeptDraftNotice draft={draft} reset={() => form.reset(defaults)} />
      {!initial && <p className="text-slate-700">{t('offers.interest.lead')}</p>}
      <TextAreaField
        label={t('offers.interest.message')}
        maxLength={MESSAGE_MAX_LENGTH}
        length={message.length}
        error={translate(form.formState.errors.message?.message)}
        {...form.register('message')}
      />
      <FormActions
        label={initial ? t('offers.interest.saveUpdate') : t('offers.interest.send')}
        busyLabel={t('offers.interest.sending')}
        busy={send.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
