// A Vitest reporter for `npm test`: writes why a run ended badly when no test failed (errors
// thrown outside any test, files that did not load), so the summary can name the cause instead of
// only counting it, and the tests that passed only when run again (CI retries once), so a flaky
// test is named rather than hidden. The file is the path in VITEST_RUN_END (default
// test-results/run-end.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

type UnhandledErrors = Parameters<NonNullable<Reporter['onTestRunEnd']>>[1];

export default class RunEndReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: UnhandledErrors,
    reason: string,
  ): void {
    const out = process.env.VITEST_RUN_END ?? path.join('test-results', 'run-end.json');
    const line = (error: { name?: string; message?: string; stack?: string }) =>
      `${error.name ?? 'Error'}: ${error.message ?? ''}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`;
    const errors = unhandledErrors.map((error) =>
      line(error as { name?: string; message?: string; stack?: string }),
    );
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(`${module.moduleId}: ${line(error)}`);
    }
    const flaky = testModules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.diagnostic()?.flaky)
        .map((test) => {
          // A test that passed on a later try keeps the errors of the tries before.
          const first = test.result().errors?.[0];
          const why = first
            ? `\n    first try: ${first.name ?? 'Error'}: ${(first.message ?? '').split('\n')[0]}`
            : '';
          return `${path.relative(process.cwd(), module.moduleId)} › ${test.fullName} (passed on try ${(test.diagnostic()?.retryCount ?? 0) + 1})${why}`;
        }),
    );
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ reason, errors, flaky }, null, 2));
  }
}
