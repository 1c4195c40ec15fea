import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewList } from '#contract/reviews.ts';
import { ProductPage } from '#src/features/product/product-page.tsx';
import { createTestI18n } from './i18n-test.ts';
import { ShopFacts } from './shop-test-facts.tsx';

async function renderProduct(language = 'en-GB', reviews: ReviewList | null = null) {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <ShopFacts>
        <ProductPage reviews={reviews} />
      </ShopFacts>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => vi.unstubAllGlobals());

const stage = (name = 'Pictures from the book') => screen.getByRole('region', { name });

describe('the product gallery', () => {
  it('moves through 5 pictures and the video with the arrows, wrapping around, and announces the position', async () => {
    await renderProduct();
    expect(
      within(stage()).getByRole('img', {
        name: "The cover of 'You can do it' personalised for Anna",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Picture 1 of 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(
      within(stage()).getByRole('img', { name: /Anna practises football in the garden/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Picture 2 of 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(screen.getByText('Picture 6 of 6')).toBeInTheDocument();
    const video = stage().querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('loop');
    expect(video!.muted).toBe(true);
    expect(video).toHaveAccessibleName(/pages of Anna's book/);
    await userEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(screen.getByText('Picture 1 of 6')).toBeInTheDocument();
  }, 20_000);

  it('thumbnails pick a picture and the arrow keys move from there', async () => {
    await renderProduct();
    const thumbnails = within(screen.getByRole('list', { name: 'Choose a picture' })).getAllByRole(
      'button',
    );
    expect(thumbnails).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Show picture 4 of 6' }));
    expect(within(stage()).getByRole('img', { name: /bedtime/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show picture 4 of 6' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(within(stage()).getByRole('img', { name: /cup final/ })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(stage()).getByRole('img', { name: /first match/ })).toBeInTheDocument();
  });

  it('shows the cover in the page language', async () => {
    await renderProduct('lv');
    expect(
      within(stage('Attēli no grāmatas')).getByRole('img', {
        name: 'Grāmatas „Tu to vari” personalizētais vāks (Elza)',
      }),
    ).toHaveAttribute('src', expect.stringContaining('/lv/cover-elza'));
  });
});

describe('the product tabs', () => {
  it('are a tablist: one panel at a time, arrows, Home and End move and select', async () => {
    await renderProduct('en-US');
    const tablist = screen.getByRole('tablist', { name: 'About the book' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Story',
      'Features',
      'Learning value',
      'Book details',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(/loves soccer/);

    await userEvent.click(tabs[3]!);
    const details = screen.getByRole('tabpanel', { name: 'Book details' });
    expect(details).toHaveTextContent(/42/);
    expect(details).toHaveTextContent('9.6 x 11.8 in');
    expect(details).toHaveTextContent('5-10 years');
    expect(details).toHaveTextContent(/printed in Europe/);

    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[3]).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{End}');
    expect(tabs[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Learning value' })).toHaveTextContent(
      /Trying again/,
    );
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Story' })).toBeInTheDocument();
  });

  it('Latvian details say 24,5 x 30 cm and ages 6-10', async () => {
    await renderProduct('lv');
    await userEvent.click(screen.getByRole('tab', { name: 'Grāmatas dati' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('24,5 x 30 cm');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('6–10 gadi');
  });
});

describe('the rest of the product page', () => {
  it('without approved reviews: no rating and no reviews (none invented); price and the personalise button', async () => {
    await renderProduct('en-GB');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You can do it');
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What parents say' })).not.toBeInTheDocument();
    expect(screen.getByText('From £29.99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Personalise My Book' })).toHaveAttribute(
      'href',
      '/personalizeTest/football_story',
    );
  });

  it('says the book is for the child and their family and shows every family shape, named', async () => {
    await renderProduct('lv');
    expect(
      screen.getByText(/^Jūsu bērns un viņa ģimene – mamma un tētis, divas mammas/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Jūsu bērns, tētis un mamma/)).not.toBeInTheDocument();
    const families = screen.getByRole('list', { name: 'Ģimenes, kurām grāmata ir radīta' });
    expect(
      within(families)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mamma un tētis',
      'Mamma',
      'Tētis',
      'Divas mammas',
      'Divi tēti',
      'Vecmāmiņa',
      'Vectētiņš',
      'Vecmāmiņa un vectētiņš',
    ]);
  });

  it('shows the approved reviews with their stars, name and town, photo and the verified mark, and the real average', async () => {
    await renderProduct('en-GB', {
      rating: { value: 4.5, count: 2 },
      reviews: [
        {
          id: 2,
          rating: 5,
          text: 'He reads it every night.',
          firstName: 'Laura',
          city: 'Rīga',
          photoUrl: '/api/reviews/2/photo.webp',
          date: '2026-11-20T10:00:00Z',
        },
        {
          id: 1,
          rating: 4,
          text: 'Lovely pictures.',
          firstName: null,
          city: null,
          photoUrl: null,
          date: '2026-11-19T10:00:00Z',
        },
      ],
    });
    expect(screen.getByRole('link', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toHaveAttribute(
      'href',
      '#product-reviews',
    );
    const region = screen.getByRole('region', { name: 'What parents say' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('He reads it every night.');
    expect(items[0]).toHaveTextContent('Laura, Rīga');
    expect(
      within(items[0]!).getByRole('img', { name: 'The book, photographed by the reviewer' }),
    ).toHaveAttribute('src', '/api/reviews/2/photo.webp');
    expect(within(items[1]!).getByText('A parent')).toBeInTheDocument();
    expect(within(region).getAllByText('Verified purchase')).toHaveLength(2);
  });

  it('the book language defaults to the page language and the choice is kept in sessionStorage', async () => {
    await renderProduct('en-US');
    const select = screen.getByRole('combobox', { name: 'Book language' });
    expect(select).toHaveValue('en-us');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Latvian', 'English (UK)', 'English (US)']);
    await userEvent.selectOptions(select, 'lv');
    expect(sessionStorage.getItem('bookLanguage')).toBe('lv');
  });

  it('a stored book language is shown again', async () => {
    sessionStorage.setItem('bookLanguage', 'en-gb');
    await renderProduct('lv');
    expect(screen.getByRole('combobox', { name: 'Grāmatas valoda' })).toHaveValue('en-gb');
  });
});
