// The many-instances tests (realtime fan-out, shared rate limits): two API instances sharing a
// PostgreSQL server database and one Redis (REDIS_TEST_URL, default redis://127.0.0.1:6379). Stops
// with one line if Redis is not there.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const { hostname, port } = new URL(redisUrl);
const host = hostname.replace(/^\[|\]$/g, '');
if (!['127.0.0.1', '::1', 'localhost'].includes(host)) {
  console.error(`REDIS_TEST_URL must be a loopback address (got ${host})`);
  process.exit(1);
}
const reachable = await new Promise((resolve) => {
  const socket = net.connect({ host, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
  socket.on('error', () => resolve(false));
});
if (!reachable) {
  console.error(`Redis is not running at ${redisUrl}: start it (redis-server) or set REDIS_TEST_URL.`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'scripts/test-postgres.mjs'),
    'apps/api/src/modules/realtime/redis.test.ts',
    'apps/api/src/plugins/rate-limit.redis.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_REDIS_URL: redisUrl, LABEL: 'Redis' } },
);
process.exit(result.status ?? 1);
