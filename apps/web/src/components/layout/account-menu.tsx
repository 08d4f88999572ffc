/** The header's account menu (header.tsx), loaded when it is first used. */
import { DropdownMenu } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OnDemandProps } from '@/components/ui/on-demand';
import { ACCOUNT_TRIGGER_CLASS } from './account-menu-trigger';
import type { NavLink } from './nav-links';

export default function AccountMenu({
  label,
  links,
  onSignOut,
  defaultOpen,
  autoFocus,
}: {
  label: string;
  links: readonly NavLink[];
  onSignOut: () => void;
} & OnDemandProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger autoFocus={autoFocus} className={ACCOUNT_TRIGGER_CLASS}>
        {label}
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-ink shadow-lg"
        >
          {links.map((link) => (
            <DropdownMenu.Item key={link.labelKey} asChild>
              <Link
                to={link.to}
                className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
              >
                {t(link.labelKey)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
          >
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
