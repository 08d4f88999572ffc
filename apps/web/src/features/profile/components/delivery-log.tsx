import { useTranslation } from 'react-i18next';
import type { Integration, WebhookDelivery } from '@dealclub/shared/integrations';
import {
  parseWebhookError,
  WEBHOOK_LOG_LENGTH,
  type WebhookDeliveryStatus,
} from '@dealclub/shared/integrations-rules';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSendTestEvent } from '../api/integrations';
import { TabSection } from './tab-section';
import { ScrollRegion } from '@/components/ui/scroll-region';

const STATUS_STYLES: Record<WebhookDeliveryStatus, string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  delivered: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  failed: 'border-red-200 bg-red-50 text-red-800',
};

/** The offer webhook's 'Send test event' button and its delivery log, newest first. */
export function DeliveryLog({
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
        toast({
          title:
            code === null ? t('integrations.testDelivered') : t('integrations.testDeliveredCode', { code }),
        });
      } else {
        // The error is for the log table, where the seller can read it in full.
        toast({
          title: code === null ? t('integrations.testFailed') : t('integrations.testFailedCode', { code }),
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
    <TabSection
      title={t('integrations.logTitle')}
      lead={t('integrations.logLead', { count: WEBHOOK_LOG_LENGTH })}
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          disabled={!saved.offerWebhookUrl || sendTest.isPending}
          onClick={() => void test()}
        >
          {sendTest.isPending ? t('integrations.testing') : t('integrations.test')}
        </button>
        <button
          type="button"
          className="h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-ink hover:bg-slate-100 disabled:opacity-60"
          disabled={refreshing}
          onClick={onRefresh}
        >
          {t('integrations.refresh')}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t('integrations.testHint')}</p>
      {saved.deliveries.length === 0 ? (
        <p className="text-slate-600">{t('integrations.logEmpty')}</p>
      ) : (
        <ScrollRegion label={t('integrations.logTable')} className="rounded-md border border-slate-200">
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
        </ScrollRegion>
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
      <td className="p-3">{delivery.lastStatusCode ?? t('integrations.noStatusCode')}</td>
      <td className="p-3">{delivery.attempts}</td>
      <td className="whitespace-nowrap p-3">
        <time dateTime={delivery.createdAt}>{date.format(new Date(delivery.createdAt))}</time>
      </td>
      <td className="max-w-xs break-words p-3 text-slate-700">
        {delivery.lastError && <DeliveryError text={delivery.lastError} />}
      </td>
    </tr>
  );
}

/** `last_error`'s code in the reader's language, with its detail (a host, a status) as sent. */
function DeliveryError({ text }: { text: string }) {
  const { t } = useTranslation();
  const { code, detail } = parseWebhookError(text);
  return <>{t(`integrations.error.${code}`, { detail })}</>;
}
