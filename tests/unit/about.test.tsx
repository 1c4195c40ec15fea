import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { AboutPage } from '#src/features/about/about-page.tsx';
import { createTestI18n } from './i18n-test.ts';

function renderWithI18n(i18n: I18n, page: ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{page}</I18nextProvider>);
}

const EXPECTED: Record<string, { h1: string; h2: string[]; values: number; imageAlt: RegExp }> = {
  'en-GB': {
    h1: 'Every child deserves to be the hero of their own story',
    h2: ['Our mission', 'We believe', 'Our journey', 'How Storymade began'],
    values: 5,
    imageAlt: /football/,
  },
  'en-US': {
    h1: 'Every child deserves to be the hero of their own story',
    h2: ['Our mission', 'We believe', 'Our journey', 'How Storymade began'],
    values: 5,
    imageAlt: /soccer ball/,
  },
  lv: {
    h1: 'Katrs bērns ir pelnījis būt sava stāsta varonis',
    h2: ['Mūsu misija', 'Mēs ticam', 'Mūsu ceļš', 'Kā radās Storymade'],
    values: 5,
    imageAlt: /futbola bumbai/,
  },
};

describe('About Us page', () => {
  it.each(Object.keys(EXPECTED))('%s: story heading and the four sections', async (lng) => {
    renderWithI18n(await createTestI18n(lng), <AboutPage />);
    const expected = EXPECTED[lng]!;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected.h1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expected.h2,
    );
  });

  it.each(Object.keys(EXPECTED))('%s: values, journey image and founders story', async (lng) => {
    renderWithI18n(await createTestI18n(lng), <AboutPage />);
    const expected = EXPECTED[lng]!;
    const values = screen
      .getByRole('heading', { level: 2, name: expected.h2[1] })
      .closest('section')!;
    expect(within(values).getAllByRole('heading', { level: 3 })).toHaveLength(expected.values);

    const image = screen.getByRole('img', { name: expected.imageAlt });
    expect(image).toHaveAttribute('src', '/images/about-journey.svg');

    const founders = screen
      .getByRole('heading', { level: 2, name: expected.h2[3] })
      .closest('section')!;
    expect(founders).toHaveTextContent(/kitchen table in Riga|pie virtuves galda Rīgā/);
    expect(within(founders).getAllByRole('paragraph').length).toBeGreaterThanOrEqual(3);
  });

  it('uses US spelling and words on the en-US page and British ones on en-GB', async () => {
    renderWithI18n(await createTestI18n('en-US'), <AboutPage />);
    const us = document.body.textContent ?? '';
    expect(us).toContain('personalized');
    expect(us).toContain('Mom and Dad');
    expect(us).not.toMatch(/personalis|colour|\bMum\b/);
    document.body.innerHTML = '';

    renderWithI18n(await createTestI18n('en-GB'), <AboutPage />);
    const gb = document.body.textContent ?? '';
    expect(gb).toContain('personalised');
    expect(gb).toContain('Mum and Dad');
    expect(gb).not.toMatch(/personaliz|\bcolor\b|\bMom\b/);
  });

  it('keeps headings in order and leaves landmarks to the shell', async () => {
    renderWithI18n(await createTestI18n('lv'), <AboutPage />);
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    expect(document.querySelector('main, nav, header[role], footer')).toBeNull();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});
