import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useLocaleSection } from '@/lib/i18n';
import { usePushKey } from '../api/push';
import { disablePush, enablePush, isPushSupported, readPushState, type PushState } from '@/lib/web-push';
import { TabGroup } from './tab-section';

/**
 * "Browser notifications" on the Preferences tab: deal alerts through Web Push on this browser.
 * Shown only when the server has a VAPID key (Web Push configured); says whether it is on, off,
 * blocked by the browser or not supported here.
 */
export function PushSetting() {
  const key = usePushKey();
  // The setting's texts are a section of their own, loaded with it (not with every first visit).
  const textsReady = useLocaleSection('push');
  const publicKey = key.data?.publicKey;
  return publicKey && textsReady ? <PushSwitch publicKey={publicKey} /> : null;
}

function PushSwitch({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | 'loading'>(() =>
    isPushSupported() ? 'loading' : 'unsupported',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readPushState(publicKey).then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [publicKey]);

  async function toggle() {
    const turningOn = state !== 'on';
    setBusy(true);
    try {
      const next = turningOn ? await enablePush(publicKey) : await disablePush();
      setState(next);
      if (next === 'on') toast({ title: t('push.enabled') });
      else if (!turningOn) toast({ title: t('push.disabled') });
    } catch {
      toast({ title: t('push.failed'), variant: 'destructive' });
      setState(await readPushState(publicKey).catch((): PushState => 'off'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <TabGroup title={t('push.title')}>
      <p className="text-slate-700">{t('push.lead')}</p>
      {state !== 'unsupported' && (
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            className="peer sr-only"
            checked={state === 'on'}
            disabled={busy || state === 'loading' || state === 'blocked'}
            aria-describedby="push-state"
            onChange={toggle}
          />
          <span
            aria-hidden="true"
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-100 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
          />
          <span>{t('push.toggle')}</span>
        </label>
      )}
      <p id="push-state" role="status" className="text-sm text-slate-700">
        {state === 'loading' ? '' : t(`push.state.${state}`)}
      </p>
    </TabGroup>
  );
}
