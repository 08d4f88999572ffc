import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlags } from '@/lib/feature-flags';
import { useSession } from '@/lib/session/session-context';

/**
 * The webinar banner (shell §2): signed-in users only, when `enableWebinarBanner` is on; it opens
 * the registration page in a new tab. A failed flag call hides it (shell §8).
 */
export function WebinarBanner() {
  const session = useSession();
  const isSignedIn = session.status === 'authenticated';
  const flags = useFeatureFlags({ enabled: isSignedIn });
  if (!isSignedIn || !flags.data?.enableWebinarBanner || !flags.data.webinarUrl) return null;
  return <WebinarBannerView url={flags.data.webinarUrl} />;
}

export function WebinarBannerView({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <aside className="bg-amber-100 text-amber-950 print:hidden" aria-label={t('webinar.cta')}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p>{t('webinar.message')}</p>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold underline underline-offset-4"
        >
          {t('webinar.cta')}
          <ExternalLink aria-hidden className="size-4" />
          <span className="sr-only">{t('webinar.newTab')}</span>
        </a>
      </div>
    </aside>
  );
}
