import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { FaqPage } from '#src/features/faq/faq-page.tsx';
import { filterFaq, readFaqItems } from '#src/features/faq/faq-search.ts';
import { RESOURCES, createTestI18n } from './i18n-test.ts';
import { ShopFacts } from './shop-test-facts.tsx';

// The router restores scroll on navigation; jsdom has no scrolling.
window.scrollTo = () => {};

/** Renders a page inside a real router (the page uses <Link>) with a real i18next instance. */
function renderWithRouter(i18n: I18n, page: () => ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <I18nextProvider i18n={i18n}>
        <ShopFacts>{page()}</ShopFacts>
      </I18nextProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/faq'] }),
  });
  return render(<RouterProvider router={router as never} />);
}

async function renderFaq(lng = 'en-GB') {
  renderWithRouter(await createTestI18n(lng), () => <FaqPage />);
  await screen.findByRole('heading', { level: 1 });
}

const questionButtons = () =>
  screen.queryAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FAQ page', () => {
  it.each(['lv', 'en-GB', 'en-US'])(
    '%s: shows at least 12 questions wired to their answers',
    async (lng) => {
      await renderFaq(lng);
      const buttons = questionButtons();
      expect(buttons.length).toBeGreaterThanOrEqual(12);
      for (const button of buttons) {
        expect(button).toHaveAttribute('aria-expanded', 'false');
        const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
        expect(panel).not.toBeNull();
        expect(panel).not.toBeVisible();
        expect(button.textContent?.trim()).not.toBe('');
      }
    },
  );

  it('links to the contact page for more questions', async () => {
    await renderFaq('en-GB');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Still have a question?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('filters case-insensitively on the question', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    await user.type(screen.getByRole('searchbox', { name: 'Search the questions' }), 'DELIVERY');
    expect(
      screen.getByRole('button', { name: 'How long does delivery take?' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'What ages is the book for?' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Questions shown: \d+ of 18/);
  });

  it('matches the answer text too', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    // 'multi25' appears only in an answer, never in a question.
    await user.type(screen.getByRole('searchbox'), 'multi25');
    expect(questionButtons().map((button) => button.textContent)).toEqual([
      'Is there a discount if I order more than one book?',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Questions shown: 1 of 18');
  });

  it('matches Latvian letters regardless of case', async () => {
    const user = userEvent.setup();
    await renderFaq('lv');
    await user.type(screen.getByRole('searchbox', { name: 'Meklēt jautājumos' }), 'PIEGĀDE');
    expect(screen.getByRole('button', { name: 'Cik ilgi jāgaida piegāde?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kā var samaksāt?' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and shows all questions again when cleared', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    const search = screen.getByRole('searchbox');
    await user.type(search, 'trampoline');
    expect(questionButtons()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No questions match ‘trampoline’.');
    await user.clear(search);
    expect(questionButtons()).toHaveLength(18);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('keeps one answer open at a time, and clicking the open question closes it', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    const delivery = screen.getByRole('button', { name: 'How long does delivery take?' });
    const payment = screen.getByRole('button', { name: 'How can I pay?' });

    await user.click(delivery);
    expect(delivery).toHaveAttribute('aria-expanded', 'true');
    const deliveryAnswer = screen.getByRole('region', { name: 'How long does delivery take?' });
    expect(deliveryAnswer).toHaveTextContent('ready to dispatch within 2-4 business days');

    await user.click(payment);
    expect(payment).toHaveAttribute('aria-expanded', 'true');
    expect(delivery).toHaveAttribute('aria-expanded', 'false');
    expect(deliveryAnswer).not.toBeVisible();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'How can I pay?' })).toHaveTextContent(
      'we never see or store them',
    );

    await user.click(payment);
    expect(payment).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('works from the keyboard with Enter and Space', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    const first = questionButtons()[0]!;
    const second = questionButtons()[1]!;

    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');

    second.focus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('turns the contact markup of an answer into a link', async () => {
    const user = userEvent.setup();
    await renderFaq('en-GB');
    await user.click(
      screen.getByRole('button', {
        name: 'My book arrived damaged or with a mistake. What should I do?',
      }),
    );
    const answer = screen.getByRole('region');
    expect(answer).toHaveTextContent('within 14 days of receiving the book');
    expect(answer).not.toHaveTextContent('<contact>');
    expect(within(answer).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  it('caps the answer height at 200 px so long answers scroll inside', () => {
    const faqCss = readFileSync(resolve(process.cwd(), 'src/features/faq/faq.css'), 'utf8');
    const rule = /\.faq-answer\s*\{([^}]*)\}/.exec(faqCss)?.[1] ?? '';
    expect(rule).toMatch(/max-height:\s*200px/);
    expect(rule).toMatch(/overflow-y:\s*auto/);
  });

  it('renders nothing and logs an error when the FAQ data is not an array', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = i18next.createInstance();
    await broken.use(initReactI18next).init({
      lng: 'en-GB',
      ns: ['faq'],
      resources: { 'en-GB': { faq: { ...RESOURCES['en-GB']!.faq, items: 'not a list' } } },
      react: { useSuspense: false },
    });
    const { container } = renderWithRouter(broken, () => <FaqPage />);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.stringContaining('FAQ data is not an array')),
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

describe('FAQ search', () => {
  const items = readFaqItems([
    { id: 'a', question: 'How long does delivery take?', answer: 'Usually 7-10 business days.' },
    {
      id: 'b',
      question: 'Can I pay by card?',
      answer: 'Yes, <contact>write to us</contact> otherwise.',
    },
  ])!;

  it('keeps everything for a blank query and ignores inline markup in answers', () => {
    expect(filterFaq(items, '   ')).toHaveLength(2);
    expect(filterFaq(items, 'contact')).toEqual([]);
    expect(filterFaq(items, 'WRITE TO').map((item) => item.id)).toEqual(['b']);
  });

  it('rejects data that is not an array and skips malformed entries', () => {
    expect(readFaqItems('nope')).toBeNull();
    expect(readFaqItems({ 0: { question: 'q', answer: 'a' } })).toBeNull();
    expect(readFaqItems([{ question: 'q' }, { question: 'q2', answer: 'a2' }])).toEqual([
      { id: 'item-2', question: 'q2', answer: 'a2' },
    ]);
  });
});
