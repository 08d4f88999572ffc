import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { interestSchema, type InterestInput } from '@dealclub/shared/offers';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-helpers';
import { useExpressInterest, type Interest } from '../api/offers';
import { DetailSection } from './detail-sections';
import { MessageField } from './message-field';
import { formatDay } from './money';
import { useMessage } from './form-controls';

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
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const edited = interest && interest.updatedAt !== interest.createdAt;

  if (!interest && !canSend) return null;
  return (
    <DetailSection title={t('offers.interest.title')}>
      {interest && !editing ? (
        <div className="grid gap-3" data-testid="my-interest">
          <p className="text-slate-700">
            {t('offers.interest.sentOn', { date: formatDay(interest.createdAt, i18n.language) })}
            {edited && (
              <> {t('offers.interest.updatedOn', { date: formatDay(interest.updatedAt, i18n.language) })}</>
            )}
          </p>
          <blockquote className="rounded-md border-l-4 border-brand-100 bg-slate-50 p-3 break-words whitespace-pre-line text-slate-800">
            {interest.message}
          </blockquote>
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
  const translate = useMessage();
  const send = useExpressInterest(dealId);
  const form = useForm<InterestInput>({
    resolver: zodResolver(interestSchema),
    defaultValues: { message: initial?.message ?? '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';

  async function submit(values: InterestInput) {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      const code = error instanceof ApiError ? error.code : undefined;
      toast({
        title:
          code === 'OWN_DEAL' || code === 'DEAL_UNAVAILABLE' || code === 'LISTING_NOT_FOUND'
            ? t(`errors.${code}`)
            : t('offers.interest.failed'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t(initial ? 'offers.interest.updated' : 'offers.interest.sent') });
    onDone();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-3">
      {!initial && <p className="text-slate-700">{t('offers.interest.lead')}</p>}
      <MessageField
        label={t('offers.interest.message')}
        length={message.length}
        error={translate(form.formState.errors.message?.message)}
        {...form.register('message')}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={send.isPending}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {send.isPending
            ? t('offers.interest.sending')
            : initial
              ? t('offers.interest.saveUpdate')
              : t('offers.interest.send')}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
          >
            {t('offers.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
