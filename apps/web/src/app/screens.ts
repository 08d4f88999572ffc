/**
 * The screen module of each built route of the route table (`@dealclub/shared/routes`). Each is
 * its own chunk, loaded when the route is first opened. A route whose screen is not built yet is
 * absent here and falls through to the not-found page; a test checks this map against the table.
 */
import type { ComponentType } from 'react';
import type { AppRouteId } from '@dealclub/shared/routes';
import { prefetchDeal, prefetchDealsList } from '@/features/deals/api/prefetch';
import type { ScreenPrefetch } from '@/lib/query-client';

/**
 * A screen's module: its component, and the reads it starts as soon as its code has come
 * (`prefetch`, app/router.tsx), beside the session check, when PREFETCH below does not start them
 * earlier.
 */
type ScreenModule = { default: ComponentType; prefetch?: ScreenPrefetch };

export const SCREENS: Partial<Record<AppRouteId, () => Promise<ScreenModule>>> = {
  home: () => import('@/features/home/routes/home'),
  terms: () => import('@/features/legal/routes/terms'),
  privacy: () => import('@/features/legal/routes/privacy'),
  accessibility: () => import('@/features/legal/routes/accessibility'),
  unauthorized: () => import('@/features/errors/routes/unauthorized'),
  auth: () => import('@/features/auth/routes/sign-in'),
  resetPassword: () => import('@/features/auth/routes/reset-password'),
  signup: () => import('@/features/auth/routes/signup'),
  signupBuyer: () => import('@/features/auth/routes/signup-buyer'),
  signupSeller: () => import('@/features/auth/routes/signup-seller'),
  signupSellerThanks: () => import('@/features/auth/routes/signup-seller-thanks'),
  verify: () => import('@/features/auth/routes/verify'),
  requestAccess: () => import('@/features/auth/routes/request-access'),
  testInvitation: () => import('@/features/auth/routes/test-invitation'),
  profile: () => import('@/features/profile/routes/profile'),
  verifyEmailChange: () => import('@/features/profile/routes/verify-email-change'),
  admin: () => import('@/app/routes/admin'),
  adminTraining: () => import('@/features/training/routes/admin-training'),
  training: () => import('@/features/training/routes/training'),
  owners: () => import('@/features/owners/routes/owners'),
  buyers: () => import('@/features/analytics/routes/buyers'),
  zipAnalytics: () => import('@/features/analytics/routes/zip-analytics'),
  deals: () => import('@/features/deals/routes/deals'),
  dealDetail: () => import('@/features/deals/routes/deal-detail'),
  dealNew: () => import('@/features/deals/routes/deal-new'),
  dealEdit: () => import('@/features/deals/routes/deal-edit'),
  dealOffers: () => import('@/features/deals/routes/deal-offers'),
  dealAnalytics: () => import('@/app/routes/deal-analytics'),
  dealClosing: () => import('@/app/routes/deal-closing'),
  dashboard: () => import('@/features/analytics/routes/dashboard'),
  chat: () => import('@/features/chat/routes/chat'),
  chatThread: () => import('@/features/chat/routes/chat-thread'),
  help: () => import('@/features/help/routes/help'),
  helpArticle: () => import('@/features/help/routes/help-article'),
  helpQa: () => import('@/features/help/routes/help-qa'),
  helpQaAlias: () => import('@/features/help/routes/help-qa'),
  features: () => import('@/features/roadmap/routes/features'),
  feedback: () => import('@/features/feedback/routes/feedback'),
  ownersFeedback: () => import('@/features/feedback/routes/owners-feedback'),
  mapDemo: () => import('@/features/map-demo/routes/map-demo'),
};

/**
 * The reads a screen starts before its code has arrived (part of the first load, so kept small):
 * the screens a visit most often opens first.
 */
export const PREFETCH: Partial<Record<AppRouteId, ScreenPrefetch>> = {
  deals: prefetchDealsList,
  dealDetail: prefetchDeal,
};
