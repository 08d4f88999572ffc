import { Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '@/components/layout/page-fallback';
import { PartBoundary } from './confirm-dialog';
import { LoadFailed } from './load-failed';

/**
 * A part of a screen loaded when it is shown (a tab, `retryableLazy`): the page's loading mark while
 * its code downloads; when the download fails, the failure with Try again in its place, the rest of
 * the screen as it was. Try again downloads it afresh (`retry`, the part's `retryableLazy` retry),
 * with the focus kept on the part's region: the button goes away as it is pressed.
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
