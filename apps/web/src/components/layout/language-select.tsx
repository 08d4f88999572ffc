import { Select } from 'radix-ui';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/lib/session/session-context';
import { apiRequest } from '@/lib/api-client';
import { saveLanguage } from '@/lib/i18n';

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

/**
 * The header's language dropdown (shell §2): 120 px wide, white border on the teal header. The
 * switch happens locally first and is saved in the browser; a signed-in user's choice is then
 * saved to the server too (shell §7, update-language).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { current, change } = useChangeLanguage();

  return (
    <Select.Root value={current} onValueChange={(v) => void change(v)}>
      <Select.Trigger
        aria-label={t('language.label')}
        className="inline-flex h-9 w-[120px] items-center justify-between gap-1 rounded-md border border-white bg-transparent px-2 text-sm text-white"
      >
        <Globe aria-hidden className="size-4 shrink-0" />
        <Select.Value placeholder={t('language.placeholder')} />
        <Select.Icon>
          <ChevronDown aria-hidden className="size-4" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[120px] overflow-hidden rounded-md border border-slate-200 bg-white text-ink shadow-lg"
        >
          <Select.Viewport className="p-1">
            {LANGUAGES.map((language) => (
              <Select.Item
                key={language}
                value={language}
                className="relative flex cursor-pointer select-none items-center rounded px-7 py-1.5 text-sm outline-none data-[highlighted]:bg-brand-50"
              >
                <Select.ItemIndicator className="absolute left-2">
                  <Check aria-hidden className="size-4" />
                </Select.ItemIndicator>
                <Select.ItemText>
                  <span lang={language}>{t(`language.names.${language}`)}</span>
                </Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
