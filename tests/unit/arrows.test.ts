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
  it('lets each folder import what ARCHITECTURE.md allows', async () => {
    expect(
      await arrowErrors(
        'src/features/home/x.tsx',
        "import { a } from '#book/types.ts';\nimport { b } from '#contract/markets.ts';\nimport { c } from '../../ui/page-meta.tsx';\nexport const d = [a, b, c];\n",
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
        "import { a } from '../src/lib/api.ts';\nexport const b = a;\n",
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
      "import { a } from '../faq/faq-search.ts';\nexport const b = a;\n",
    );
    expect(errors).toEqual([
      "Feature 'home' may not import feature 'faq': move the shared part to ui/ or lib/.",
    ]);
  });
});
