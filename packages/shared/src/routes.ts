/**
 * The route table of the shell document §2. The web app builds its router from it and the API uses
 * it to answer a route of the app with the page (200) and anything else with the page and a 404,
 * so that crawlers and link checkers see the not-found page for what it is.
 *
 * `built` marks the screens that exist in this release. A route that is not built yet renders the
 * not-found page, never a placeholder; the issue that builds a screen flips its flag.
 */
export interface AppRoute {
  /** Stable id, also the i18n key of the page title (`pages.<id>`). */
  id: string;
  /** React Router path pattern. */
  path: string;
  built: boolean;
  /** Kept in the user's recent pages (shell §2: home, deals, buyers, profile, deal view/edit). */
  recent?: boolean;
  /** A page of the spec without content, answered by a redirect (DECISIONS.md). */
  redirectTo?: string;
}

export const APP_ROUTES = [
  { id: 'home', path: '/', built: true, recent: true },
  { id: 'dashboard', path: '/dashboard', built: true },
  { id: 'deals', path: '/deals', built: true, recent: true },
  { id: 'dealNew', path: '/deals/new', built: true },
  { id: 'dealEdit', path: '/deals/:id/edit', built: true, recent: true },
  { id: 'dealOffers', path: '/deals/:id/offers', built: true },
  { id: 'dealAnalytics', path: '/deals/:id/analytics', built: true },
  { id: 'dealClosing', path: '/deals/:id/closing', built: true },
  { id: 'dealDetail', path: '/deals/:id', built: true, recent: true },
  { id: 'zipAnalytics', path: '/zip/:zipCode/analytics', built: true },
  { id: 'chat', path: '/chat', built: true },
  { id: 'chatThread', path: '/chat/:threadId', built: true },
  { id: 'buyers', path: '/buyers', built: true, recent: true },
  { id: 'owners', path: '/owners', built: true },
  { id: 'training', path: '/training', built: true },
  { id: 'admin', path: '/admin', built: true },
  { id: 'adminTraining', path: '/admin/training', built: true },
  { id: 'auth', path: '/auth', built: true },
  { id: 'legacyAuth', path: '/legacy-auth', built: false, redirectTo: '/auth' },
  { id: 'resetPassword', path: '/reset-password', built: true },
  { id: 'signup', path: '/signup', built: true },
  {
    id: 'signupBuyerLegacy',
    path: '/signup/buyer-legacy',
    built: true,
    redirectTo: '/signup/buyer',
  },
  { id: 'signupBuyer', path: '/signup/buyer', built: true },
  { id: 'signupSeller', path: '/signup/seller', built: true },
  { id: 'signupSellerThanks', path: '/signup/seller/thank-you', built: true },
  { id: 'verify', path: '/verify', built: true },
  { id: 'verifyEmailChange', path: '/verify-email-change', built: true },
  { id: 'profile', path: '/profile', built: true, recent: true },
  { id: 'requestAccess', path: '/requestAccess', built: true },
  { id: 'unauthorized', path: '/unauthorized', built: true },
  { id: 'testInvitation', path: '/test-invitation', built: true },
  { id: 'mapDemo', path: '/map-optimization-demo', built: true },
  { id: 'terms', path: '/terms', built: true },
  { id: 'privacy', path: '/privacy', built: true },
  { id: 'accessibility', path: '/accessibility', built: true },
  { id: 'feedback', path: '/feedback', built: true },
  { id: 'ownersFeedback', path: '/owners-feedback', built: true },
  { id: 'features', path: '/features', built: true },
  { id: 'help', path: '/help', built: true },
  { id: 'helpArticle', path: '/help/article/:id', built: true },
  { id: 'helpQa', path: '/help/qa/:id', built: true },
  { id: 'helpQaAlias', path: '/help-qa/:id', built: true },
  { id: 'helpTest', path: '/helptest', built: false, redirectTo: '/help' },
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof APP_ROUTES)[number]['id'];

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const MATCHERS = APP_ROUTES.map((route) => ({ route: route as AppRoute, re: toRegExp(route.path) }));

/**
 * The route of the table that `pathname` opens, if any and if it is built (a redirect counts when
 * its target is built). Anything else is the not-found page.
 */
export function matchBuiltRoute(pathname: string): AppRoute | undefined {
  const hit = MATCHERS.find((m) => m.re.test(pathname))?.route;
  if (!hit) return undefined;
  if (hit.redirectTo) return matchBuiltRoute(hit.redirectTo) ? hit : undefined;
  return hit.built ? hit : undefined;
}
