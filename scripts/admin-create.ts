// `npm run admin:create -- --email owner@example.com [--role staff] [--password-stdin]`: creates a
// back-office account in the configured database (DATABASE_URL, or PGlite in DATA_DIR: with
// PGlite, stop the server first, since only one process may open its folder). Without
// --password-stdin it prints a one-time password that must be changed at the first sign-in; with
// it, the password is read from standard input (at least 12 characters) and kept.
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { NewPasswordSchema, NewStaffRequestSchema } from '#contract/admin.ts';
import { openDatabase } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { addStaff } from '#server/services/staff/staff-accounts.ts';
import { DEFAULT_PASSWORD_COST } from '#server/services/staff/passwords.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'owner' },
    'password-stdin': { type: 'boolean', default: false },
  },
});
const input = v.safeParse(NewStaffRequestSchema, { email: values.email, role: values.role });
if (!input.success)
  fail(
    `Usage: npm run admin:create -- --email you@example.com [--role owner|staff] [--password-stdin]\n${input.issues.map((i) => i.message).join('\n')}`,
  );

let password: string | undefined;
if (values['password-stdin']) {
  const read = v.safeParse(NewPasswordSchema, await readStdin());
  if (!read.success) fail(read.issues[0]!.message);
  password = read.output;
}

const env = readEnv();
const database = env.databaseUrl
  ? openDatabase({ kind: 'postgres', url: env.databaseUrl })
  : openDatabase({ kind: 'pglite', dataDir: env.dataDir });
try {
  await database.migrate();
  const result = await addStaff(
    { db: database.db, now: () => new Date(), passwordCost: DEFAULT_PASSWORD_COST },
    { staffId: null, email: 'command line' },
    { ...input.output, ...(password === undefined ? {} : { password }) },
  );
  if (!result.ok && result.reason === 'exists')
    fail(`An account for ${input.output.email} exists already.`);
  if (!result.ok) fail('The password could not be hashed now; please try again.');
  console.log(`Created the ${result.staff.role} account ${result.staff.email}.`);
  if (password === undefined) {
    console.log(`One-time password: ${result.password}`);
    console.log('Sign in at /admin with it; you will be asked to choose your own password first.');
  } else {
    console.log('Sign in at /admin with the password you gave.');
  }
} finally {
  await database.close();
}
