/**
 * Which links the header shows (shell §2, Header): Listings and Help for everyone signed in;
 * Dashboard, Buyers and Owners Club for seller-side roles; the account menu with Admin panel for
 * admins; Login and Sign up when signed out.
 */
import { isSellerSide, type Role } from '@dealclub/shared/roles';

export interface NavLink {
  /** i18n key of the label. */
  labelKey: string;
  to: string;
}

export interface HeaderLinks {
  main: NavLink[];
  account: NavLink[];
}

export function headerLinks(user: { roles: readonly Role[] } | null): HeaderLinks {
  if (!user) {
    return {
      main: [
        { labelKey: 'nav.login', to: '/auth' },
        { labelKey: 'nav.signup', to: '/signup' },
      ],
      account: [],
    };
  }
  const main: NavLink[] = [{ labelKey: 'nav.listings', to: '/deals' }];
  if (isSellerSide(user.roles)) {
    main.push(
      { labelKey: 'nav.dashboard', to: '/dashboard' },
      { labelKey: 'nav.buyers', to: '/buyers' },
      { labelKey: 'nav.ownersClub', to: '/owners' },
    );
  }
  main.push({ labelKey: 'nav.help', to: '/help' });
  const account: NavLink[] = [
    { labelKey: 'nav.profile', to: '/profile' },
    { labelKey: 'nav.conversations', to: '/chat' },
    { labelKey: 'nav.helpCenter', to: '/help' },
  ];
  if (user.roles.includes('admin')) account.push({ labelKey: 'nav.adminPanel', to: '/admin' });
  return { main, account };
}
