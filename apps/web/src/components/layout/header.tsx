import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { Role } from '@dealclub/shared/roles';
import { useSession } from '@/lib/session/session-context';
import { useOnDemand } from '@/components/ui/on-demand';
import { ACCOUNT_TRIGGER_CLASS } from './account-menu-trigger';
import { LanguageSelect } from './language-select';
import { LogoMark } from './logo';
import { headerLinks, type NavLink as NavLinkItem } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-brand-800 ${isActive ? 'bg-brand-800' : ''}`;

/**
 * The sticky header (shell §2). From 768 px the links sit in the bar; below it they fold into a
 * menu button (showing the user's first name when signed in) that opens a full-width list. The
 * notification bell of a signed-in user stays in the bar at every width. The bell is the
 * conversations feature's: the shell that composes the page passes it in (app/root-layout.tsx).
 */
export function Header({
  notifications: NotificationBell,
}: {
  /** The signed-in user's notification bell, shown beside the menu button. */
  notifications?: ComponentType<{ roles: readonly Role[] }>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const links = headerLinks(user);
  // The menu belongs to the page it was opened on: navigating closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const mobileLinks = user
    ? [...links.main, ...links.account.filter((l) => l.to === '/profile' || l.to === '/chat')]
    : links.main;

  return (
    <header className="sticky top-0 z-40 bg-brand-700 text-white shadow print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold"
          aria-label={t('nav.home')}
        >
          <LogoMark />
          {/* Below 420 px the mark alone keeps the bar within the screen. */}
          <span aria-hidden className="hidden min-[420px]:inline">
            {t('app.name')}
          </span>
        </Link>

        <nav
          aria-label={t('nav.main')}
          className="ml-4 hidden items-center gap-1 md:flex"
          data-testid="desktop-nav"
        >
          {links.main.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {t(link.labelKey)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LanguageSelect />
          {/* The bell stays in the bar at every width, beside the menu button on narrow screens. */}
          {user && NotificationBell && <NotificationBell roles={user.roles} />}
          {user && session.status === 'authenticated' && (
            <AccountMenu
              label={user.firstName || t('nav.account')}
              links={links.account}
              onSignOut={session.signOut}
            />
          )}
          <button
            type="button"
            className="inline-flex items-center gap-2 rounded-md border border-white/70 px-3 py-2 text-sm font-medium md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden className="size-4" /> : <Menu aria-hidden className="size-4" />}
            {/* Below 360 px (400 % zoom) the icon alone keeps the bar within the screen; the words stay its name. */}
            <span className="max-w-[7rem] truncate max-[359px]:sr-only">
              {user?.firstName || t('nav.menu')}
            </span>
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav
          id={menuId}
          aria-label={t('nav.main')}
          className="border-t border-brand-800 bg-brand-700 md:hidden"
        >
          <ul className="flex w-full flex-col py-2">
            {mobileLinks.map((link) => (
              <li key={link.labelKey}>
                <NavLink
                  to={link.to}
                  className="block px-4 py-3 text-base font-medium text-white hover:bg-brand-800"
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
            {session.status === 'authenticated' && (
              <li>
                <button
                  type="button"
                  onClick={session.signOut}
                  className="block w-full px-4 py-3 text-left text-base font-medium text-white hover:bg-brand-800"
                >
                  {t('nav.signOut')}
                </button>
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}

const loadAccountMenu = () => import('./account-menu');

/** The signed-in user's menu of the wide header; the menu itself loads on first use. */
function AccountMenu({
  label,
  links,
  onSignOut,
}: {
  label: string;
  links: readonly NavLinkItem[];
  onSignOut: () => void;
}) {
  const { loaded, standInProps } = useOnDemand(loadAccountMenu);
  if (loaded) {
    const { Control, defaultOpen, autoFocus } = loaded;
    return (
      <Control
        label={label}
        links={links}
        onSignOut={onSignOut}
        defaultOpen={defaultOpen}
        autoFocus={autoFocus}
      />
    );
  }
  return (
    <button {...standInProps} aria-haspopup="menu" className={ACCOUNT_TRIGGER_CLASS}>
      {label}
      <ChevronDown aria-hidden className="size-4" />
    </button>
  );
}
