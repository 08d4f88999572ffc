/**
 * Profile, Security: the state of two-step sign-in, turning it on (a new key, shown as a QR code
 * and as text, confirmed by its first code) and off (the password and a code). A role that requires
 * it keeps it on.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaRequiredFor } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { PartBoundary, retryableLazy } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useLocaleSection } from '@/lib/i18n';
import { fetchPublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session/session-context';
import { sessionManager } from '@/lib/session/session-manager';
import { codeErrorKey } from '@/lib/session/auth-errors';
import { secondary } from './tab-section';

const section = 'grid gap-5 rounded-xl border border-slate-200 bg-white p-6';
// The steps a press opens (and zod, their check) load when first opened; pointing at the button or
// focusing it starts the download.
const loadSteps = () => import('./security-steps');
const EnrolForm = retryableLazy(async () => ({ default: (await loadSteps()).EnrolForm }));
const TurnOffForm = retryableLazy(async () => ({ default: (await loadSteps()).TurnOffForm }));
const prefetchSteps = () => void loadSteps().catch(() => undefined);

type Mode = { kind: 'idle' } | { kind: 'enrolling'; secret: string } | { kind: 'disabling' };

export function SecuritySection() {
  const { t } = useTranslation();
  const ready = useLocaleSection('mfa');
  const session = useSession();
  const config = useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: Infinity });
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const user = session.status === 'authenticated' ? session.user : null;
  if (!ready || !user) return null;
  const enabled = Boolean(user.mfaEnabled);
  const required = mfaRequiredFor(user.roles, config.data?.mfaRequiredRoles ?? []);

  const close = (message?: string) => {
    setMode({ kind: 'idle' });
    setError(null);
    if (message) toast({ title: t(message) });
    // The form that had the focus is gone: back to the button that opened it.
    requestAnimationFrame(() => (toggle.current ?? heading.current)?.focus());
  };

  async function start() {
    setError(null);
    setStarting(true);
    try {
      setMode({ kind: 'enrolling', secret: await sessionManager.beginMfa() });
    } catch (e) {
      setError(codeErrorKey(e, 'mfa.security.failed'));
    } finally {
      setStarting(false);
    }
  }

  return (
    <section className={section} aria-labelledby="security-title">
      <h2 ref={heading} id="security-title" tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('mfa.security.title')}
      </h2>
      <p role="status" className="text-slate-700">
        {t(enabled ? 'mfa.security.on' : 'mfa.security.off')}
      </p>
      {enabled && required && <p className="text-sm text-slate-600">{t('mfa.security.required')}</p>}
      {error && <FormAlert>{t(error)}</FormAlert>}
      {mode.kind === 'idle' && !(enabled && required) && (
        <button
          ref={toggle}
          type="button"
          className={secondary}
          disabled={starting}
          onPointerEnter={prefetchSteps}
          onFocus={prefetchSteps}
          onClick={() => (enabled ? setMode({ kind: 'disabling' }) : void start())}
        >
          {t(enabled ? 'mfa.security.turnOff' : 'mfa.security.turnOn')}
        </button>
      )}
      {mode.kind !== 'idle' && (
        <PartBoundary
          onFailed={() => {
            EnrolForm.retry();
            TurnOffForm.retry();
            close();
          }}
        >
          <Suspense fallback={<PageFallback />}>
            {mode.kind === 'enrolling' ? (
              <EnrolForm
                email={user.email}
                secret={mode.secret}
                onCancel={() => close()}
                onDone={() => close('mfa.security.turnedOn')}
              />
            ) : (
              <TurnOffForm onCancel={() => close()} onDone={() => close('mfa.security.turnedOff')} />
            )}
          </Suspense>
        </PartBoundary>
      )}
    </section>
  );
}
