// Entry of the one-off print worker: registers tsx, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./print-worker.ts');
