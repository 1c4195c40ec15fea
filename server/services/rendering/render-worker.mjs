// Worker entry of the preview pool. Plain JavaScript so it starts in any Node process (the
// server under `node --import tsx`, Vitest, a script): it registers tsx, then loads the
// TypeScript worker. Registering twice (when the parent already runs tsx) is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
