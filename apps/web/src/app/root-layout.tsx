import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { WebinarBanner } from '@/components/layout/webinar-banner';
import { Toaster } from '@/components/ui/toaster';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center p-12" role="status" aria-live="polite">
      <span className="sr-only">{t('app.loading')}</span>
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
    </div>
  );
}

/** The shell around every route: skip link, header, banner, page, footer, toasts. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-ink focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <WebinarBanner />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
