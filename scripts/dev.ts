// `npm run dev`: the API server (restarted on change) on PORT (3000) and Vite with hot reload on
// http://localhost:5173, which proxies /api to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(process.execPath, [path.join('node_modules', 'vite', 'bin', 'vite.js')], {
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
