/**
 * How the product sends a realtime event to a user (shell §3): the embedded hub (and through it,
 * Redis), or hosted Pusher / soketi through the `pusher` SDK. Realtime is best effort: a failure is
 * logged, never the caller's error — the bell's polling and the thread's next load catch up.
 */
import Pusher from 'pusher';
import { userChannel, type RealtimeEventName } from '@dealclub/shared/chat';
import type { RealtimeConfig } from '../../config';
import type { RealtimeHub } from './hub';

export interface RealtimePublisher {
  toUser(userId: string, event: RealtimeEventName, data: object): Promise<void>;
}

type Logger = { error(obj: object, msg: string): void };

export function embeddedPublisher(hub: RealtimeHub, log: Logger): RealtimePublisher {
  return {
    async toUser(userId, event, data) {
      try {
        await hub.publish({ channels: [userChannel(userId)], event, data: JSON.stringify(data) });
      } catch (error) {
        log.error({ err: error, event }, 'realtime publish failed');
      }
    },
  };
}

export function hostedPublisher(config: RealtimeConfig, log: Logger): RealtimePublisher {
  const pusher = new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    useTLS: config.useTLS,
    ...(config.host ? { host: config.host } : { cluster: config.cluster }),
    ...(config.port ? { port: String(config.port) } : {}),
  });
  return {
    async toUser(userId, event, data) {
      try {
        await pusher.trigger(userChannel(userId), event, data);
      } catch (error) {
        log.error({ err: error, event }, 'realtime publish failed');
      }
    },
  };
}
