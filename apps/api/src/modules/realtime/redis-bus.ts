/**
 * Fan-out across instances (soketi's model, PROTOCOLS.md B): every instance publishes each event to
 * one Redis pub/sub channel and delivers it to its own sockets; every instance subscribes and
 * delivers what the others published. Messages carry the publishing instance's id so none is
 * delivered twice.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Bus, Publication } from './hub';

export const REDIS_CHANNEL = 'dealclub:realtime';

export class RedisBus implements Bus {
  readonly nodeId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;

  private constructor(url: string) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5_000 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
  }

  /** Connects both sides and subscribes; rejects if Redis cannot be reached at start. */
  static async connect(
    url: string,
    deliver: (publication: Publication) => void,
    onError: (error: Error) => void,
  ): Promise<RedisBus> {
    const bus = new RedisBus(url);
    bus.pub.on('error', onError);
    bus.sub.on('error', onError);
    try {
      await Promise.all([bus.pub.connect(), bus.sub.connect()]);
      await bus.sub.subscribe(REDIS_CHANNEL);
    } catch (error) {
      bus.pub.disconnect();
      bus.sub.disconnect();
      throw error;
    }
    bus.sub.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as Publication & { node: string };
        if (message.node === bus.nodeId) return;
        deliver({
          channels: message.channels,
          event: message.event,
          data: message.data,
          exceptSocketId: message.exceptSocketId,
        });
      } catch (error) {
        onError(error as Error);
      }
    });
    return bus;
  }

  async publish(publication: Publication): Promise<void> {
    await this.pub.publish(REDIS_CHANNEL, JSON.stringify({ ...publication, node: this.nodeId }));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
