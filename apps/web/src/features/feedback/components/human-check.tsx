/**
 * The human check of the signed-out feedback form: the ALTCHA widget (a checkbox that solves a
 * proof of work from `/api/auth/public-feedback/challenge` in the browser). `onProof` gets the
 * widget's payload once it is verified, and null when it expires or fails.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@dealclub/shared/constants';
import { FormAlert } from '@/components/ui/form-field';
import { loadAltcha, setAltchaTexts, type AltchaTexts } from './load-altcha';

export const CHALLENGE_URL = '/api/auth/public-feedback/challenge';

const TEXT_KEYS: (keyof AltchaTexts)[] = [
  'label',
  'verify',
  'verifying',
  'verified',
  'verificationRequired',
  'waitAlert',
  'error',
  'expired',
  'reload',
  'loading',
];

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

export function HumanCheck({
  onProof,
  resetKey,
  describedBy,
}: {
  onProof: (proof: string | null) => void;
  /** A change of this value gives a fresh check (after a proof was spent or refused). */
  resetKey: number;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'es' ? 'es' : 'en';
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const report = useRef(onProof);
  useEffect(() => {
    report.current = onProof;
  }, [onProof]);

  useEffect(() => {
    let cancelled = false;
    let widget: AltchaElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      report.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    loadAltcha().then(
      () => {
        if (cancelled || !host.current) return;
        const texts = Object.fromEntries(TEXT_KEYS.map((key) => [key, t(`feedback.altcha.${key}`)]));
        setAltchaTexts(language, texts as AltchaTexts);
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', CHALLENGE_URL);
        widget.setAttribute('language', language);
        widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
        if (describedBy) widget.setAttribute('aria-describedby', describedBy);
        widget.addEventListener('statechange', onState);
        host.current.replaceChildren(widget);
        report.current(null);
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
    };
  }, [language, resetKey, t, describedBy]);

  return (
    <div className="grid gap-2">
      {state === 'loading' && (
        <p className="text-sm text-slate-700">{t('feedback.page.humanCheckLoading')}</p>
      )}
      {state === 'failed' && <FormAlert>{t('feedback.page.humanCheckFailed')}</FormAlert>}
      <div ref={host} data-testid="human-check" />
    </div>
  );
}
