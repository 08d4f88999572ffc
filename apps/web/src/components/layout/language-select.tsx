import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/lib/session/session-context';
import { apiRequest } from '@/lib/api-client';
import { saveLanguage } from '@/lib/i18n';
import { useOnDemand } from '@/components/ui/on-demand';
import { LANGUAGE_TRIGGER_CLASS } from './language-trigger';

/**
 * Switches the language (shell §2, §8): locally first and saved in the browser, then, for a
 * signed-in user, on the server; confirms with the spec's toast in the new language.
 */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const session = useSession();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  async function change(value: string) {
    if (!isLanguage(value) || value === current) return;
    const language: Language = value;
    await i18n.changeLanguage(language);
    saveLanguage(language);
    // `t` of this render is bound to the old language; the confirmation speaks the new one.
    const tNew = i18n.getFixedT(language);
    const confirm = () =>
      toast({
        title: tNew('language.updatedTitle'),
        description: tNew('language.updatedMessage', { language: tNew(`language.names.${language}`) }),
      });
    if (session.status !== 'authenticated') {
      confirm();
      return;
    }
    try {
      await apiRequest('/api/auth/update-language', {
        method: 'POST',
        data: { languagePreference: language },
      });
      confirm();
    } catch (error) {
      console.warn('Failed to update language preference', error);
      toast({
        title: tNew('language.errorTitle'),
        description: tNew('language.errorMessage'),
        variant: 'destructive',
      });
    }
  }

  return { current, change };
}

const loadMenu = () => import('./language-select-menu');

/**
 * The header's language dropdown (shell §2): 120 px wide, white border on the teal header. The
 * switch happens locally first and is saved in the browser; a signed-in user's choice is then
 * saved to the server too (shell §7, update-language). The select itself loads on first use
 * (components/ui/on-demand.tsx).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { current, change } = useChangeLanguage();
  const { loaded, standInProps } = useOnDemand(loadMenu);

  if (loaded) {
    const { Control, defaultOpen, autoFocus } = loaded;
    return <Control current={current} onChange={change} defaultOpen={defaultOpen} autoFocus={autoFocus} />;
  }
  return (
    <button
      {...standInProps}
      role="combobox"
      aria-autocomplete="none"
      aria-label={t('language.label')}
      className={LANGUAGE_TRIGGER_CLASS}
    >
      <Globe aria-hidden className="size-4 shrink-0" />
      <span style={{ pointerEvents: 'none' }}>
        <span lang={current}>{t(`language.names.${current}`)}</span>
      </span>
      <span aria-hidden>
        <ChevronDown aria-hidden className="size-4" />
      </span>
    </button>
  );
}
