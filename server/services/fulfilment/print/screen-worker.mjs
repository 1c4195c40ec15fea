// Entry of the screen PDF's worker: registers tsx, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./screen-worker.ts');
