// A Vitest reporter for `npm test`: writes why a run ended badly when no test failed (errors
// thrown outside any test, files that did not load), so the summary can name the cause instead of
// only counting it. The file is the path in VITEST_RUN_END (default test-results/run-end.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

type UnhandledErrors = Parameters<NonNullable<Reporter['onTestRunEnd']>>[1];

export default class RunEndReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: UnhandledErrors, reason: string): void {
    const out = process.env.VITEST_RUN_END ?? path.join('test-results', 'run-end.json');
    const line = (error: { name?: string; message?: string; stack?: string }) =>
      `${error.name ?? 'Error'}: ${error.message ?? ''}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`;
    const errors = unhandledErrors.map((error) => line(error as { name?: string; message?: string; stack?: string }));
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(`${module.moduleId}: ${line(error)}`);
    }
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ reason, errors }, null, 2));
  }
}
