/**
 * Verification keys of the embedded provider for jose, by `kid`, cached per database handle. An
 * unknown `kid` re-reads the published keys (a rotation on another instance), at most once a second.
 */
import { importJWK, type CryptoKey, type JWK, type JWSHeaderParameters } from 'jose';
import type { Db } from '../../db/client';
import { publishedKeys } from './keys';

interface Cache {
  keys: Map<string, CryptoKey>;
  loadedAt: number;
  loading?: Promise<void>;
}

const caches = new WeakMap<Db, Cache>();
const RELOAD_INTERVAL_MS = 1000;

async function reload(db: Db, cache: Cache) {
  const jwks = await publishedKeys(db);
  const keys = new Map<string, CryptoKey>();
  for (const jwk of jwks) {
    if (jwk.kid) keys.set(jwk.kid, (await importJWK(jwk as JWK, 'RS256')) as CryptoKey);
  }
  cache.keys = keys;
  cache.loadedAt = Date.now();
}

export function keyResolver(db: Db) {
  return async (header: JWSHeaderParameters): Promise<CryptoKey> => {
    let cache = caches.get(db);
    if (!cache) {
      cache = { keys: new Map(), loadedAt: 0 };
      caches.set(db, cache);
    }
    const kid = header.kid ?? '';
    if (!cache.keys.has(kid) && Date.now() - cache.loadedAt > RELOAD_INTERVAL_MS) {
      cache.loading ??= reload(db, cache).finally(() => {
        cache.loading = undefined;
      });
      await cache.loading;
    }
    const key = cache.keys.get(kid);
    if (!key) throw new Error('unknown signing key');
    return key;
  };
}
