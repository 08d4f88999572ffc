/**
 * The browser's side of Web Push: the service worker at `/sw.js` (apps/web/public), the permission
 * and the push subscription, each saved on or removed from the server. Shared infrastructure: the
 * Preferences tab turns it on and off, and signing out turns it off for this browser. Every browser API is reached
 * through `navigator` and `window` at call time, so tests can stand in for them.
 */
import type { PushSubscriptionInput } from '@dealclub/shared/push';
import { apiRequest } from './api-client';

const PATH = '/api/push/subscriptions';

const saveSubscription = (subscription: PushSubscriptionInput) =>
  apiRequest<null>(PATH, { method: 'POST', data: subscription });

const forgetSubscription = (endpoint: string) =>
  apiRequest<null>(PATH, { method: 'DELETE', data: { endpoint } });

/** `unsupported`: no service workers or Push API (an old browser, iOS outside an installed app, http). */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

const SERVICE_WORKER = '/sw.js';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with this server key (a rotated key needs a new one). */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  if (!key) return true;
  const a = new Uint8Array(key);
  const b = base64urlToBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const toInput = (subscription: PushSubscription) => subscription.toJSON() as PushSubscriptionInput;

/**
 * This browser's state. A subscription that is on is saved again: the server binds it to whoever is
 * signed in now, and it may have been dropped there (the limit per user, a 410 from the service).
 */
export async function readPushState(publicKey: string): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted' || !madeWith(subscription, publicKey)) {
    return 'off';
  }
  await saveSubscription(toInput(subscription)).catch(() => {});
  return 'on';
}

/** Asks for permission (first, while the click still counts as the user's), subscribes, saves. */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlToBytes(publicKey),
  });
  try {
    await saveSubscription(toInput(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/**
 * Unsubscribes this browser, then tells the server. Off is off even when the server cannot be
 * reached: the push service answers 410 for a dropped subscription, and the server forgets it then.
 */
export async function disablePush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await forgetSubscription(endpoint).catch(() => {});
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}
