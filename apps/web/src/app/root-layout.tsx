import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { PageFallback } from '@/components/layout/page-fallback';
import { Header } from '@/components/layout/header';
import { WebinarBanner } from '@/components/layout/webinar-banner';
import { Toaster } from '@/components/ui/toaster';
import { NotificationBell } from '@/features/chat/components/notification-bell';
import { RealtimeProvider } from '@/features/chat/realtime/realtime-provider';
import { FeedbackLauncher } from '@/features/feedback/components/feedback-launcher';
import { useFocusOnNavigation } from './focus-on-navigation';
import { ProfileCompletionRedirect } from './profile-redirect';

/**
 * The shell around every route: skip link, header, banner, page, footer, the feedback widget's
 * button (signed in), toasts, and the realtime connection.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <RealtimeProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-ink focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
        >
          {t('app.skipToContent')}
        </a>
        <Header notifications={NotificationBell} />
        <WebinarBanner />
        {/* At least a screen tall: the footer starts below the fold, so a page that fills in as its
            data arrives does not push it down in view (layout shift). */}
        <main ref={main} id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col outline-none">
          <Suspense fallback={<PageFallback />}>
            <ProfileCompletionRedirect>
              <Outlet />
            </ProfileCompletionRedirect>
          </Suspense>
        </main>
        <Footer />
        <FeedbackLauncher />
        <Toaster />
        <ScrollRestoration />
      </div>
    </RealtimeProvider>
  );
}
