import { Select } from 'radix-ui';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@dealclub/shared/constants';
import type { OnDemandProps } from '@/components/ui/on-demand';
import { LANGUAGE_TRIGGER_CLASS } from './language-trigger';

/** The header's language select (language-select.tsx), loaded when it is first used. */
export default function LanguageSelectMenu({
  current,
  onChange,
  defaultOpen,
  autoFocus,
}: {
  current: Language;
  onChange: (language: string) => Promise<void>;
} & OnDemandProps) {
  const { t } = useTranslation();

  return (
    <Select.Root value={current} onValueChange={(v) => void onChange(v)} defaultOpen={defaultOpen}>
      <Select.Trigger
        aria-label={t('language.label')}
        autoFocus={autoFocus}
        className={LANGUAGE_TRIGGER_CLASS}
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
