import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { createTestI18n } from './i18n-test.ts';

describe('PageMeta', () => {
  it('titles the document, keeps the title while the next page loads, and the next page replaces it', async () => {
    const i18n = await createTestI18n('en-GB');
    const wrap = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
    const view = render(wrap(<PageMeta page="faq" />));
    expect(document.title).toBe('FAQ - Storymade');
    expect(
      document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
    ).toBeTruthy();
    // The page leaves before the next one is ready (its code and texts still loading).
    view.rerender(wrap(null));
    expect(document.title).toBe('FAQ - Storymade');
    view.rerender(wrap(<PageMeta page="about" />));
    expect(document.title).toMatch(/ - Storymade$/);
    expect(document.title).not.toBe('FAQ - Storymade');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });
});
