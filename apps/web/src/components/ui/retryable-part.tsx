import { Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '@/components/layout/page-fallback';
import { PartBoundary } from './confirm-dialog';
import { LoadFailed } from './load-failed';

/**
 * A part of a screen loaded when it is shown (a tab, `retryableLazy`): the page's loading mark while
 * its code downloads; when the download fails (or the part fails to render), a toast and the failure
 * with Try again in its place, the rest of the screen as it was. The failure resets the part's lazy
 * load (`retry`, its `retryableLazy` retry), so Try again downloads it afresh; the focus stays on the
 * part's region, as the button goes away when it is pressed.
 */
export function RetryablePart({ retry, children }: { retry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  return (
    <div ref={region} tabIndex={-1} className="outline-none">
      {failed ? (
        <LoadFailed
          message={t('routeError.partFailed')}
          onRetry={() => {
            region.current?.focus();
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <PartBoundary
          key={attempt}
          onFailed={() => {
            retry();
            setFailed(true);
          }}
        >
          <Suspense fallback={<PageFallback />}>{children}</Suspense>
        </PartBoundary>
      )}
    </div>
  );
}
