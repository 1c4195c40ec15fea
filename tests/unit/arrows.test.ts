// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function arrowErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'storymade/arrows')
    .map((m) => m.message);
}

describe('the import arrows lint rule', () => {
  it('lets each folder import what docs/architecture.md allows', async () => {
    expect(
      await arrowErrors(
        'src/features/home/x.tsx',
        "import { a } from '#book/types.ts';\nimport { b } from '#contract/markets.ts';\nimport { c } from '#src/ui/page-meta.tsx';\nexport const d = [a, b, c];\n",
      ),
    ).toEqual([]);
    expect(
      await arrowErrors(
        'server/services/x.ts',
        "import { a } from '#book/types.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
    expect(
      await arrowErrors(
        'machines/x.ts',
        "import { a } from '#contract/markets.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
    // The one file contract/ shares with the book: the shop's languages.
    expect(
      await arrowErrors(
        'contract/x.ts',
        "import { a } from '#book/languages.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
  });

  it('fails src importing server, server importing src, book importing anything of ours', async () => {
    expect(
      await arrowErrors(
        'src/lib/x.ts',
        "import { a } from '#server/app.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await arrowErrors(
        'src/lib/x.ts',
        "import { a } from '#server/app.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await arrowErrors(
        'server/x.ts',
        "import { a } from '#src/lib/api.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await arrowErrors(
        'book/x.ts',
        "import { a } from '#contract/markets.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await arrowErrors(
        'contract/x.ts',
        "import { a } from '#book/types.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await arrowErrors(
        'machines/x.ts',
        "import { a } from '#src/lib/api.ts';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
  });

  it('fails a feature importing another feature', async () => {
    const errors = await arrowErrors(
      'src/features/home/x.tsx',
      "import { a } from '#src/features/faq/faq-search.ts';\nexport const b = a;\n",
    );
    expect(errors).toEqual([
      "Feature 'home' may not import feature 'faq': move the shared part to ui/ or lib/.",
    ]);
  });

  it('fails an import up the server: platform or db importing a module, a module a route or the root', async () => {
    const up = (file: string, target: string) =>
      arrowErrors(file, `import { a } from '${target}';\nexport const b = a;\n`);
    expect(await up('server/platform/jobs/x.ts', '#server/services/order/orders.ts')).toEqual([
      'server/platform/ may not import server/services/order/orders.ts: the arrows inside server/ point down (routes -> services -> platform, db; see scripts/eslint/arrows.js).',
    ]);
    expect(await up('server/db/x.ts', '#server/services/retention/erasure-fence.ts')).toHaveLength(
      1,
    );
    expect(await up('server/services/order/x.ts', '#server/routes/orders.ts')).toHaveLength(1);
    expect(await up('server/services/order/x.ts', '#server/shop-jobs.ts')).toHaveLength(1);
    expect(await up('server/routes/x.ts', '#server/app.ts')).toHaveLength(1);
    // Down the floors, and across modules on one floor, is allowed.
    expect(await up('server/routes/x.ts', '#server/services/order/orders.ts')).toEqual([]);
    expect(
      await up('server/services/refunds/x.ts', '#server/services/order/order-moves.ts'),
    ).toEqual([]);
    expect(await up('server/services/order/x.ts', '#server/platform/jobs/runner.ts')).toEqual([]);
    expect(await up('server/db/x.ts', '#server/runtime/log.ts')).toEqual([]);
    expect(await up('server/app.ts', '#server/routes/orders.ts')).toEqual([]);
  });

  it("fails an import that leaves its folder by '../' (the subpath import names where the file lives)", async () => {
    expect(
      await arrowErrors(
        'server/services/order/x.ts',
        "import { a } from '../payment/settle.ts';\nexport const b = a;\n",
      ),
    ).toEqual([
      "Write an import that leaves its folder as a subpath import ('#server/…'), not '../'.",
    ]);
    expect(
      await arrowErrors(
        'server/services/order/x.ts',
        "import { a } from './orders.ts';\nexport const b = a;\n",
      ),
    ).toEqual([]);
  });
});
