// `npm run dev`: the API with reload on change (port API_PORT, default 3000) and the Vite dev
// server with hot module replacement, proxying /api, /cognito and /app to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', 'apps/api/src/server.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/vite'), [], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
