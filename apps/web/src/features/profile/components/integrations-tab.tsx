import { zodResolver } from '@hookform/resolvers/zod';
import { forwardRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  integrationSchema,
  type IntegrationInput,
  type WebhookDeliveryStatus,
} from '@dealclub/shared/integrations';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import {
  useIntegrations,
  useSaveIntegration,
  useSendTestEvent,
  type Integration,
  type WebhookDelivery,
} from '../api/integrations';
import { TabSection } from './tab-section';

const button =
  'h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-ink hover:bg-slate-100 disabled:opacity-60';

/**
 * The Integrations tab (seller side): the offer webhook's URL and switch, its signing secret —
 * shown once, when created or rotated — the test event and the delivery log.
 */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const saved = useIntegrations();
  // The secret lives here while it is shown, never in the query cache.
  const [secret, setSecret] = useState<string | null>(null);
  // Removing the URL deletes the secret: the one on screen no longer signs anything.
  if (secret && saved.data && !saved.data.hasSecret) setSecret(null);
  if (!saved.data) {
    return saved.isError ? (
      <LoadFailed message={t('integrations.loadFailed')} onRetry={() => void saved.refetch()} />
    ) : (
      <PageFallback />
    );
  }
  return (
    <div className="grid gap-8">
      <WebhookForm saved={saved.data} onSecret={setSecret} />
      <SecretSection saved={saved.data} secret={secret} onSecret={setSecret} />
      <DeliveryLog saved={saved.data} refreshing={saved.isFetching} onRefresh={() => void saved.refetch()} />
    </div>
  );
}

type FormValues = { offerWebhookUrl: string; offerWebhookEnabled: boolean };

const defaults = (saved: Integration): FormValues => ({
  offerWebhookUrl: saved.offerWebhookUrl ?? '',
  offerWebhookEnabled: saved.offerWebhookEnabled,
});

function WebhookForm({ saved, onSecret }: { saved: Integration; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveIntegration();
  const form = useForm<FormValues>({
    resolver: zodResolver(integrationSchema) as never,
    defaultValues: defaults(saved),
  });
  const { errors } = form.formState;
  const fieldMessage = useFieldMessage();
  const failed = () => toast({ title: t('profile.updateFailed'), variant: 'destructive' });

  async function submit(values: FormValues) {
    try {
      const result = await save.mutateAsync(values as IntegrationInput);
      form.reset(defaults(result));
      if (result.secret) onSecret(result.secret);
      toast({ title: t('integrations.saved') });
    } catch (e) {
      applyServerErrors(form, e, t);
      failed();
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit, failed)}>
      <TabSection title={t('integrations.title')} lead={t('integrations.lead')}>
        <FormField
          label={t('integrations.url')}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          hint={<p className="text-sm text-slate-600">{t('integrations.urlHint')}</p>}
          error={fieldMessage(errors.offerWebhookUrl?.message)}
          {...form.register('offerWebhookUrl')}
        />
        <Switch label={t('integrations.enabled')} {...form.register('offerWebhookEnabled')} />
        <div>
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('profile.saving')}>
            {t('profile.save')}
          </SubmitButton>
        </div>
      </TabSection>
    </form>
  );
}

/** A checkbox that reads as an on/off switch. */
const Switch = forwardRef<HTMLInputElement, { label: string } & UseFormRegisterReturn>(function Switch(
  { label, ...registration },
  ref,
) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input type="checkbox" role="switch" className="peer sr-only" ref={ref} {...registration} />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-100 peer-focus-visible:ring-offset-2"
      />
      <span>{label}</span>
    </label>
  );
});

function SecretSection({
  saved,
  secret,
  onSecret,
}: {
  saved: Integration;
  secret: string | null;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIntegration();
  const [confirming, setConfirming] = useState(false);

  async function rotate() {
    try {
      const result = await save.mutateAsync({
        offerWebhookUrl: saved.offerWebhookUrl,
        offerWebhookEnabled: saved.offerWebhookEnabled,
        rotateSecret: true,
      });
      if (result.secret) onSecret(result.secret);
      toast({ title: t('integrations.rotated') });
    } catch {
      toast({ title: t('profile.updateFailed'), variant: 'destructive' });
    } finally {
      setConfirming(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('integrations.copied') });
    } catch {
      toast({ title: t('integrations.copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <TabSection title={t('integrations.secretTitle')} lead={t('integrations.secretLead')}>
      {secret ? (
        <div
          role="status"
          className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{t('integrations.secretNew')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-3 py-2 font-mono text-sm text-ink">
              {secret}
            </code>
            <button type="button" className={button} onClick={() => void copy(secret)}>
              {t('integrations.copy')}
            </button>
          </div>
          <p className="text-sm">{t('integrations.secretWarning')}</p>
        </div>
      ) : (
        <p className="text-slate-700">
          {t(saved.hasSecret ? 'integrations.secretSet' : 'integrations.secretNone')}
        </p>
      )}
      {saved.hasSecret &&
        (confirming ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-slate-800">{t('integrations.rotateConfirm')}</p>
            <button
              type="button"
              className="h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              disabled={save.isPending}
              onClick={() => void rotate()}
            >
              {t('integrations.rotateYes')}
            </button>
            <button type="button" className={button} onClick={() => setConfirming(false)}>
              {t('integrations.cancel')}
            </button>
          </div>
        ) : (
          <div>
            <button type="button" className={button} onClick={() => setConfirming(true)}>
              {t('integrations.rotate')}
            </button>
          </div>
        ))}
    </TabSection>
  );
}

const STATUS_STYLES: Record<WebhookDeliveryStatus, string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  delivered: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  failed: 'border-red-200 bg-red-50 text-red-800',
};

function DeliveryLog({
  saved,
  refreshing,
  onRefresh,
}: {
  saved: Integration;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sendTest = useSendTestEvent();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  async function test() {
    try {
      const delivery = await sendTest.mutateAsync();
      const code = delivery.lastStatusCode;
      if (delivery.status === 'delivered') {
        toast({ title: t('integrations.testDelivered', { code: code ?? '—' }) });
      } else {
        // The server's error text is for the log table, where the seller can read it in full.
        toast({
          title: code ? t('integrations.testFailedCode', { code }) : t('integrations.testFailed'),
          description: t('integrations.testSeeLog'),
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({
        title:
          error instanceof ApiError && error.code === 'WEBHOOK_NOT_CONFIGURED'
            ? t('errors.WEBHOOK_NOT_CONFIGURED')
            : t('integrations.testFailed'),
        variant: 'destructive',
      });
    }
  }

  return (
    <TabSection title={t('integrations.logTitle')} lead={t('integrations.logLead')}>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          disabled={!saved.offerWebhookUrl || sendTest.isPending}
          onClick={() => void test()}
        >
          {sendTest.isPending ? t('integrations.testing') : t('integrations.test')}
        </button>
        <button type="button" className={button} disabled={refreshing} onClick={onRefresh}>
          {t('integrations.refresh')}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t('integrations.testHint')}</p>
      {saved.deliveries.length === 0 ? (
        <p className="text-slate-600">{t('integrations.logEmpty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('integrations.logTitle')}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th className="p-3">{t('integrations.column.event')}</th>
                <th className="p-3">{t('integrations.column.status')}</th>
                <th className="p-3">{t('integrations.column.code')}</th>
                <th className="p-3">{t('integrations.column.attempts')}</th>
                <th className="p-3">{t('integrations.column.time')}</th>
                <th className="p-3">{t('integrations.column.error')}</th>
              </tr>
            </thead>
            <tbody>
              {saved.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} date={date} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TabSection>
  );
}

function DeliveryRow({ delivery, date }: { delivery: WebhookDelivery; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="p-3">
        <code className="font-mono">{delivery.event}</code>
      </td>
      <td className="p-3">
        <span
          className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[delivery.status]}`}
        >
          {t(`integrations.status.${delivery.status}`)}
        </span>
      </td>
      <td className="p-3">{delivery.lastStatusCode ?? '—'}</td>
      <td className="p-3">{delivery.attempts}</td>
      <td className="whitespace-nowrap p-3">
        <time dateTime={delivery.createdAt}>{date.format(new Date(delivery.createdAt))}</time>
      </td>
      <td className="max-w-xs break-words p-3 text-slate-700">{delivery.lastError ?? ''}</td>
    </tr>
  );
}
