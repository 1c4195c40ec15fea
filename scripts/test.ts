// `npm test`: type-check, lint, Vitest (unit, book, API on PGlite), the API tests again on
// PostgreSQL when TEST_DATABASE_URL is set, and Playwright in Chromium. Ends with one line
// `N passed, N failed` summing every runner (type-check and lint count as one check each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wanted = (step: string) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
const summary: string[] = [];
/** Printed before the summary: each failed and flaky test, and why a runner failed when no test did. */
const causes: string[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
  );
}

function check(name: string, command: string, args: string[]) {
  const ok = run(command, args) === 0;
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  success: boolean;
  testResults?: {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** Each failed test by file and name, with the first line of its error, so CI's last lines say which test failed. */
function failedVitestTests(name: string, report: VitestJson): string[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${name}: FAILED ${path.relative(process.cwd(), file.name)} › ${test.fullName}\n    ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`,
      ),
  );
}
function vitest(
  name: string,
  projects: string[],
  env: NodeJS.ProcessEnv = {},
  exclude: string[] = [],
) {
  const out = path.join('test-results', `${name}.json`);
  const runEnd = path.join('test-results', `${name}.run-end.json`);
  rmSync(out, { force: true });
  rmSync(runEnd, { force: true });
  const status = run(
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...exclude.flatMap((glob) => ['--exclude', glob]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      '--reporter=./scripts/vitest-run-end-reporter.ts',
    ],
    { ...env, VITEST_RUN_END: runEnd },
  );
  if (!existsSync(out)) {
    failed += 1;
    summary.push(`${name}: FAILED (no report, exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
  const end = existsSync(runEnd)
    ? (JSON.parse(readFileSync(runEnd, 'utf8')) as {
        reason: string;
        errors: string[];
        flaky?: string[];
      })
    : null;
  // A file that fails to load counts as a failure even though it has no tests.
  const extra = status !== 0 && report.numFailedTests === 0 ? 1 : 0;
  if (extra && end) {
    // Named again just above the summary, where a reader of the last lines will see it.
    causes.push(
      `${name}: ${end.errors.length} error(s) outside the tests (Vitest's verdict: ${end.reason}):`,
      ...end.errors.map((e) => `  ${e.replaceAll('\n', '\n    ')}`),
    );
  }
  causes.push(...failedVitestTests(name, report));
  const flaky = end?.flaky ?? [];
  causes.push(...flaky.map((test) => `${name}: flaky ${test}`));
  passed += report.numPassedTests;
  failed += report.numFailedTests + extra;
  summary.push(
    `${name}: ${report.numPassedTests} passed (${flaky.length} flaky), ${report.numFailedTests + extra} failed`,
  );
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string }[];
  }[];
}
type PlaywrightJson = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
};

/** Each e2e test that failed, or passed only on its second try, by project, file and line. */
function playwrightNotes(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map(
          (test) =>
            `e2e: ${test.status === 'flaky' ? 'flaky' : 'FAILED'} [${test.projectName}] e2e/${spec.file}:${spec.line} › ${spec.title}`,
        ),
    ),
    ...playwrightNotes(suite.suites),
  ]);
}
function playwright() {
  const ensure = run('bash', ['scripts/ensure-chromium.sh']);
  if (ensure !== 0) {
    failed += 1;
    summary.push('e2e: FAILED (no Chromium)');
    return;
  }
  // The same three builds as `npm run build`: the browser's bundle, the server entry that renders
  // the pages, and the server as JavaScript (dist/app), which Playwright's server runs.
  const vite = path.join('node_modules', 'vite', 'bin', 'vite.js');
  const build =
    run(process.execPath, [vite, 'build', '--logLevel', 'warn']) ||
    run(process.execPath, [vite, 'build', '--ssr', '--logLevel', 'warn']) ||
    run(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts']);
  if (build !== 0) {
    failed += 1;
    summary.push('e2e: FAILED (client build)');
    return;
  }
  const out = path.join('test-results', 'e2e.json');
  rmSync(out, { force: true });
  const status = run(bin('playwright'), ['test']);
  if (!existsSync(out)) {
    failed += 1;
    summary.push(`e2e: FAILED (no report, exit ${status})`);
    return;
  }
  const { stats, suites } = JSON.parse(readFileSync(out, 'utf8')) as PlaywrightJson;
  causes.push(...playwrightNotes(suites));
  const ok = stats.expected + stats.flaky;
  const extra = status !== 0 && stats.unexpected === 0 ? 1 : 0;
  passed += ok;
  failed += stats.unexpected + extra;
  summary.push(`e2e: ${ok} passed (${stats.flaky} flaky), ${stats.unexpected + extra} failed`);
}

/** How long each step took, printed before the summary (the whole run must stay under 40 minutes). */
const timings: string[] = [];
function timed(step: string, body: () => void) {
  const start = performance.now();
  body();
  timings.push(`${step}: ${Math.round((performance.now() - start) / 1000)} s`);
}

mkdirSync('test-results', { recursive: true });
if (wanted('types'))
  timed('type-check', () => check('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']));
if (wanted('lint')) timed('lint', () => check('lint', bin('eslint'), ['.', '--max-warnings=0']));
// The first run is on the embedded database (PGlite); the second on PostgreSQL.
if (wanted('unit'))
  timed('vitest', () => vitest('vitest', ['unit', 'book', 'api'], { TEST_DATABASE_URL: '' }));
// API test files that never open TEST_DATABASE_URL's database (no database, or their own PGlite)
// ran in the first run already; the second leaves them out.
const WITHOUT_POSTGRES = [
  'preview-composite',
  'preview-service',
  'page-cache',
  'analytics-csp',
  'head',
  'head-product',
  'mail-outbox-page',
];
if (wanted('postgres') && process.env.TEST_DATABASE_URL) {
  timed('api-postgres', () =>
    vitest(
      'api-postgres',
      ['api'],
      {},
      WITHOUT_POSTGRES.map((file) => `tests/api/${file}.test.ts`),
    ),
  );
} else if (wanted('postgres') && only.length === 0)
  summary.push('api-postgres: skipped (TEST_DATABASE_URL not set; .ci/run sets it)');
if (wanted('e2e')) timed('e2e (build and run)', playwright);

if (causes.length > 0) console.log(`\n${causes.join('\n')}`);
console.log(`\n${timings.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
