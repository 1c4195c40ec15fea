import { Writable } from 'node:stream';
import { createLogger, rootLogger, setRootLogger } from '#server/runtime/log.ts';

/** Sends the server's log lines (JSON) to `lines` until `restore()`. */
export function captureLogs() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const before = rootLogger();
  setRootLogger(createLogger({ destination: sink }));
  return { lines, restore: () => setRootLogger(before) };
}
