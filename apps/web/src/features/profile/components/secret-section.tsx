import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration } from '@dealclub/shared/integrations';
import { toast } from '@/components/ui/use-toast';
import { integrationsTab } from '../api/integrations';
import { TabSection } from './tab-section';

const button =
  'h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-ink hover:bg-slate-100 disabled:opacity-60';

/**
 * The offer webhook's signing secret: shown once, when it was just created or rotated (the
 * Integrations tab holds it meanwhile), and its rotation, after a confirmation.
 */
export function SecretSection({
  saved,
  secret,
  onSecret,
}: {
  saved: Integration;
  secret: string | null;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = integrationsTab.useSave();
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
