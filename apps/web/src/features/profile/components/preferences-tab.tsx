import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';
import type { PreferencesInput } from '@dealclub/shared/preferences';
import { NOTIFICATION_CHANNELS, SEARCH_FREQUENCIES } from '@dealclub/shared/preferences-rules';
import { isBuyerSide } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { ChoiceGroup, SwitchField } from '@/components/ui/choice-fields';
import { toast } from '@/components/ui/use-toast';
import { i18n, saveLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session/session-context';
import { SavedSearchesList } from './saved-searches-list';
import { preferencesTab, type Preferences } from '../api/tabs';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { tabResolver, useDraftedForm } from '../lib/forms';
import { PushSetting } from './push-setting';
import { TabSave, TabSection } from './tab-section';

/**
 * The Preferences tab: language, notification channels and search frequency; for the buyer side,
 * whether deal alerts come by e-mail (an alert e-mail's unsubscribe link turns them off) and the
 * saved searches.
 */
export function PreferencesTab() {
  const saved = preferencesTab.useQuery();
  const session = useSession();
  const buyer = session.status === 'authenticated' && isBuyerSide(session.user.roles);
  if (!saved.data) return <PageFallback />;
  return (
    <div className="grid gap-6">
      <PreferencesForm saved={saved.data} buyer={buyer} />
      {buyer && <SavedSearchesList />}
    </div>
  );
}

const resolver = tabResolver<PreferencesInput>('preferences');

function PreferencesForm({ saved, buyer }: { saved: Preferences; buyer: boolean }) {
  const { t } = useTranslation();
  const save = preferencesTab.useSave();
  const { form, kept, notice } = useDraftedForm<PreferencesInput>(
    'preferences',
    saved as PreferencesInput,
    resolver,
  );
  const errors = form.formState.errors;
  const err = useFieldMessage();

  async function submit(values: PreferencesInput) {
    try {
      const result = await save.mutateAsync(values);
      kept.saved(result as PreferencesInput);
      form.reset(result as PreferencesInput);
      if (isLanguage(result.languagePreference) && result.languagePreference !== i18n.resolvedLanguage) {
        await i18n.changeLanguage(result.languagePreference);
        saveLanguage(result.languagePreference);
      }
      toast({ title: i18n.t('preferences.saved') });
    } catch (e) {
      applyServerErrors(form, e, t);
      toast({ title: t('profile.updateFailed'), variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} onFocus={resolver.preload}>
      <TabSection title={t('preferences.title')} lead={t('preferences.lead')}>
        {notice}
        <ChoiceGroup
          legend={t('preferences.language')}
          type="radio"
          options={LANGUAGES.map((l) => ({ value: l, label: t(`language.names.${l}`) }))}
          registration={form.register('languagePreference')}
          error={err(errors.languagePreference?.message)}
        />
        <ChoiceGroup
          legend={t('preferences.channels')}
          type="checkbox"
          columns={3}
          options={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: t(`preferences.channel.${c}`) }))}
          registration={form.register('notificationChannels')}
          error={err(errors.notificationChannels?.message)}
        />
        <ChoiceGroup
          legend={t('preferences.frequency')}
          type="radio"
          columns={3}
          options={SEARCH_FREQUENCIES.map((f) => ({
            value: f,
            label: t(`preferences.frequencyOption.${f}`),
          }))}
          registration={form.register('searchFrequency')}
          error={err(errors.searchFrequency?.message)}
        />
        {buyer && (
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('preferences.alertEmails')}
            </legend>
            <SwitchField label={t('preferences.alertEmailsOn')} {...form.register('alertEmails')} />
            <p className="text-sm text-slate-600">{t('preferences.alertEmailsHint')}</p>
          </fieldset>
        )}
        <TabSave busy={form.formState.isSubmitting} />
        {buyer && <PushSetting />}
      </TabSection>
    </form>
  );
}
