import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxTestInput, OutboxTestResult } from '@dealclub/shared/outbox';
import { OUTBOX_TEST_CHANNELS, OUTBOX_TEST_TO_MAX_LENGTH } from '@dealclub/shared/outbox-rules';
import { ChoiceGroup } from '@/components/ui/choice-fields';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { lazyResolver } from '@/lib/lazy-resolver';
import { codedErrorText } from '@/lib/server-errors';
import { useSimpleForm } from '@/lib/simple-form';
import { useSendTestMessage } from '../api/admin';

// The schema (and zod) load when the form is first checked, not with the admin's screen.
const outboxTestResolver = lazyResolver<OutboxTestInput>(() =>
  import('./outbox-resolver').then((m) => m.outboxTestResolver),
);

/**
 * 'Send a test message' of the admin's Outbox tab (decision 030): a channel, a recipient, and the
 * provider's answer once sent — who took it (SNS, Twilio, SMTP, or nobody: the mailbox), whether it
 * went, and the provider's id, code and words. The answer is a live region, read out when it comes.
 */
export function OutboxTestForm() {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const send = useSendTestMessage();
  const [answer, setAnswer] = useState<OutboxTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSimpleForm<OutboxTestInput>({
    resolver: outboxTestResolver,
    defaultValues: { channel: 'email', to: '' },
  });
  const { errors } = form.formState;
  const channel = form.watch('channel');

  async function submit(values: OutboxTestInput) {
    setFailure(null);
    setAnswer(null);
    try {
      setAnswer(await send.mutateAsync(values));
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      setFailure(codedErrorText(t, error, 'outboxAdmin.requestFailed', ['RATE_LIMITED']));
    }
  }

  return (
    <section aria-labelledby="outbox-test-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="outbox-test-title" className="text-lg font-semibold">
        {t('outboxAdmin.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('outboxAdmin.intro')}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        onFocus={outboxTestResolver.preload}
        className="mt-4 grid gap-4 sm:max-w-xl"
      >
        <ChoiceGroup
          legend={t('outboxAdmin.channel')}
          type="radio"
          options={OUTBOX_TEST_CHANNELS.map((c) => ({ value: c, label: t(`outboxAdmin.channels.${c}`) }))}
          registration={form.register('channel')}
          error={message(errors.channel?.message)}
        />
        <FormField
          label={t('outboxAdmin.to')}
          type={channel === 'sms' ? 'tel' : 'email'}
          inputMode={channel === 'sms' ? 'tel' : 'email'}
          autoComplete="off"
          maxLength={OUTBOX_TEST_TO_MAX_LENGTH}
          hint={<p className="text-sm text-slate-600">{t(`outboxAdmin.toHint.${channel}`)}</p>}
          error={message(errors.to?.message)}
          {...form.register('to')}
        />
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('outboxAdmin.sending')}>
            {t('outboxAdmin.send')}
          </SubmitButton>
        </div>
      </form>
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {answer && <Answer answer={answer} />}
      </div>
    </section>
  );
}

function Answer({ answer }: { answer: OutboxTestResult }) {
  const { t } = useTranslation();
  const tone = {
    sent: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    kept: 'border-sky-200 bg-sky-50 text-sky-900',
    failed: 'border-red-200 bg-red-50 text-red-800',
  }[answer.status];
  const rows: [string, string][] = [
    [t('outboxAdmin.status'), t(`outboxAdmin.statuses.${answer.status}`)],
    [t('outboxAdmin.provider'), t(`outboxAdmin.providers.${answer.provider}`)],
    [t('outboxAdmin.sentTo'), answer.to],
  ];
  if (answer.providerMessageId) rows.push([t('outboxAdmin.providerMessageId'), answer.providerMessageId]);
  if (answer.providerCode) rows.push([t('outboxAdmin.providerCode'), answer.providerCode]);
  if (answer.message) rows.push([t('outboxAdmin.providerMessage'), answer.message]);
  return (
    <div className={`rounded-md border p-3 text-sm ${tone}`}>
      <h3 className="font-semibold">{t('outboxAdmin.answer')}</h3>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
