import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration, IntegrationInput } from '@dealclub/shared/integrations';
import { PageFallback } from '@/components/layout/page-fallback';
import { SwitchField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { useFieldMessage } from '@/lib/form-helpers';
import { useLocaleSection } from '@/lib/i18n';
import { integrationsTab } from '../api/integrations';
import { tabResolver, useTabForm } from '../lib/forms';
import { DeliveryLog } from './delivery-log';
import { SecretSection } from './secret-section';
import { TabSave, TabSection } from './tab-section';

/**
 * The Integrations tab (seller side): the offer webhook's URL and switch, its signing secret —
 * shown once, when created or rotated — the test event and the delivery log.
 */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const saved = integrationsTab.useQuery();
  // The tab's texts are a section of their own, loaded with it (not with every first visit).
  const textsReady = useLocaleSection('integrations');
  // The secret lives here while it is shown, never in the query cache.
  const [secret, setSecret] = useState<string | null>(null);
  // Removing the URL deletes the secret: the one on screen no longer signs anything.
  if (secret && saved.data && !saved.data.hasSecret) setSecret(null);
  if (!saved.data || !textsReady) {
    return textsReady && saved.isError ? (
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

const resolver = tabResolver<FormValues>('integration');

function WebhookForm({ saved, onSecret }: { saved: Integration; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const save = integrationsTab.useSave();
  const { form, onSubmit, notice } = useTabForm({
    draft: 'integrations',
    resolver,
    saved,
    defaults,
    save: (values) => save.mutateAsync(values as IntegrationInput),
    savedKey: 'integrations.saved',
    onSaved: (result: Integration & { secret?: string }) => {
      if (result.secret) onSecret(result.secret);
    },
  });
  const { errors } = form.formState;
  const fieldMessage = useFieldMessage();

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <TabSection title={t('integrations.title')} lead={t('integrations.lead')}>
        {notice}
        <FormField
          label={t('integrations.url')}
          type="url"
          inputMode="url"
          // Not a locale text: a URL starts with https:// in every language.
          placeholder="https://"
          autoComplete="off"
          hint={<p className="text-sm text-slate-600">{t('integrations.urlHint')}</p>}
          error={fieldMessage(errors.offerWebhookUrl?.message)}
          {...form.register('offerWebhookUrl')}
        />
        <SwitchField label={t('integrations.enabled')} {...form.register('offerWebhookEnabled')} />
        <TabSave busy={form.formState.isSubmitting} />
      </TabSection>
    </form>
  );
}
