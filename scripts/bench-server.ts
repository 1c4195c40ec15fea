// The production server for a benchmark: on a free port with a fresh data folder, until stopped.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts server/index.ts and waits (up to 2 minutes) until /api/health answers, then until the
 * server has finished warming up (its rendering and preview workers keep both cores busy for
 * 5-15 s after it answers; a page measured meanwhile measures the warm-up).
 */
export async function startServer(name: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `storymade-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (child.pid) await waitUntilIdle(child.pid);
  return {
    url,
    stop: () => {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The CPU time (ms) a process has used, all its threads together (Linux; null elsewhere). */
function cpuTimeMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Waits (up to a minute) until the process has used under 5% of a core for two seconds running. */
async function waitUntilIdle(pid: number): Promise<void> {
  let quiet = 0;
  let last = cpuTimeMs(pid);
  for (let i = 0; i < 60 && last !== null && quiet < 2; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTimeMs(pid);
    if (now === null) return;
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
}
