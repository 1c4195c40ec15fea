// Entry of the proof's helper thread: registers tsx, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./proof-worker.ts');
