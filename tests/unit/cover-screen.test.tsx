import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import {
  CoverScreen,
  type CoverScreenProps,
  type SelectableCover,
} from '#src/features/builder/cover-screen/cover-screen.tsx';
import { createTestI18n } from './i18n-test.ts';

const option = <
  T extends 'hardcover' | 'softcover' | 'digital' | 'layflat',
  C extends 'EUR' | 'GBP' | 'USD',
>(
  type: T,
  priceMinor: number,
  currencyCode: C,
  withPdfPriceMinor?: number,
) => ({
  type,
  price: priceMinor / 100,
  currencyCode,
  ...(withPdfPriceMinor ? { withPdfPrice: withPdfPriceMinor / 100 } : {}),
});
/** As GET /api/product/coverOptions answers: layflat's 'from' price comes with the others. */
const PRICES = {
  EUR: [
    option('hardcover', 3999, 'EUR', 4698),
    option('softcover', 2999, 'EUR', 3698),
    option('digital', 1499, 'EUR'),
    option('layflat', 20000, 'EUR'),
  ],
  GBP: [
    option('hardcover', 3499, 'GBP', 4098),
    option('softcover', 2999, 'GBP', 3598),
    option('digital', 1299, 'GBP'),
    option('layflat', 20000, 'GBP'),
  ],
  USD: [
    option('hardcover', 3950, 'USD', 4649),
    option('softcover', 2999, 'USD', 3698),
    option('digital', 1499, 'USD'),
    option('layflat', 25000, 'USD'),
  ],
};

type Props = Partial<Omit<CoverScreenProps, 'selected' | 'withPdf' | 'onSelect'>>;

/** The cover screen inside a router (the layflat card links to /contact-us), holding the choice as the spine does. */
async function renderCover(props: Props = {}, language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const handlers = { onSelect: vi.fn(), onSave: vi.fn(), onBack: vi.fn() };
  let setProps: (next: Props) => void = () => {};
  function Harness() {
    const [selected, setSelected] = useState<SelectableCover>('hardcover');
    const [withPdf, setWithPdf] = useState(false);
    const [extra, setExtra] = useState<Props>({});
    setProps = setExtra;
    return (
      <CoverScreen
        options={PRICES.GBP}
        loadError={false}
        saving={false}
        saveError={false}
        onBack={handlers.onBack}
        onSave={handlers.onSave}
        {...props}
        {...extra}
        selected={selected}
        withPdf={withPdf}
        onSelect={(type, pdf) => {
          handlers.onSelect(type, pdf);
          setSelected(type);
          setWithPdf(pdf);
        }}
      />
    );
  }
  const rootRoute = createRootRoute();
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/coverChoice/$bookName',
      component: Harness,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/contact-us',
      component: () => <h1>Contact us</h1>,
    }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/coverChoice/football_story'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...handlers, router, update: (next: Props) => setProps(next) };
}

const card = (radio: HTMLElement) => radio.closest('label') as HTMLElement;

describe('the cover choice', () => {
  it('has hardcover chosen by default, with the tick on its card only', async () => {
    await renderCover();
    const hardcover = screen.getByRole('radio', { name: 'Hardcover' });
    const softcover = screen.getByRole('radio', { name: 'Softcover' });
    expect(hardcover).toBeChecked();
    expect(softcover).not.toBeChecked();
    expect(card(hardcover).querySelector('.cover-choice__tick')).not.toBeNull();
    expect(card(softcover).querySelector('.cover-choice__tick')).toBeNull();
    expect(hardcover).toHaveAccessibleDescription(/premium matte/i);
  });

  it('moves the choice and the tick to softcover', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCover();
    await user.click(screen.getByText('Softcover'));
    expect(onSelect).toHaveBeenLastCalledWith('softcover', false);
    const softcover = screen.getByRole('radio', { name: 'Softcover' });
    expect(softcover).toBeChecked();
    expect(card(softcover).querySelector('.cover-choice__tick')).not.toBeNull();
    expect(
      card(screen.getByRole('radio', { name: 'Hardcover' })).querySelector('.cover-choice__tick'),
    ).toBeNull();
  });

  it('works by keyboard: one tab stop for the formats, arrow keys choose, then the PDF box', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCover();
    await user.tab(); // back
    await user.tab(); // layflat link
    expect(screen.getByRole('link', { name: 'Ask us about layflat' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Hardcover' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onSelect).toHaveBeenLastCalledWith('softcover', false);
    expect(screen.getByRole('radio', { name: 'Softcover' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /Add the digital PDF/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('softcover', true);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save and go to cart' })).toHaveFocus();
  });

  it('offers layflat as a link to the contact page, not as a choice', async () => {
    const user = userEvent.setup();
    const { router } = await renderCover();
    expect(screen.queryByRole('radio', { name: /layflat/i })).toBeNull();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'hardcover',
      'softcover',
      'digital',
    ]);
    const link = screen.getByRole('link', { name: 'Ask us about layflat' });
    expect(link).toHaveAttribute('href', '/contact-us');
    expect(screen.getByText(`from £200.00`)).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact-us');
  });

  it('sells the digital PDF alone, with its price, and then offers no PDF box', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCover();
    expect(screen.queryByText(/Available soon/)).toBeNull();
    const digital = screen.getByRole('radio', { name: 'Digital PDF' });
    expect(digital).toBeEnabled();
    expect(digital).toHaveAccessibleDescription(/No delivery: we email you the download link/);
    expect(within(card(digital)).getByText('£12.99')).toBeInTheDocument();
    await user.click(screen.getByText('Digital PDF'));
    expect(digital).toBeChecked();
    expect(onSelect).toHaveBeenLastCalledWith('digital', false);
    expect(card(digital).querySelector('.cover-choice__tick')).not.toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('adds the PDF beside a printed book ("printed + PDF") for the difference in price', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderCover();
    const box = screen.getByRole('checkbox', { name: /Add the digital PDF/ });
    expect(box).toHaveAccessibleName('Add the digital PDF (+£5.99)');
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Read it on any screen while the printed book is on its way.',
    );
    await user.click(box);
    expect(box).toBeChecked();
    expect(onSelect).toHaveBeenLastCalledWith('hardcover', true);
    // Moving to softcover keeps the PDF, at softcover's difference.
    await user.click(screen.getByText('Softcover'));
    expect(onSelect).toHaveBeenLastCalledWith('softcover', true);
    expect(screen.getByRole('checkbox', { name: 'Add the digital PDF (+£5.99)' })).toBeChecked();
    // The PDF alone drops it.
    await user.click(screen.getByText('Digital PDF'));
    expect(onSelect).toHaveBeenLastCalledWith('digital', false);
  });

  it('formats the server prices with the currency symbol and two decimals', async () => {
    await renderCover({ options: PRICES.GBP });
    expect(
      within(card(screen.getByRole('radio', { name: 'Hardcover' }))).getByText('£34.99'),
    ).toBeInTheDocument();
    expect(
      within(card(screen.getByRole('radio', { name: 'Softcover' }))).getByText('£29.99'),
    ).toBeInTheDocument();
  });

  it('formats US dollars on the US shop', async () => {
    await renderCover({ options: PRICES.USD }, 'en-US');
    expect(screen.getByText('$39.50')).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByText('from $250.00')).toBeInTheDocument();
  });

  it('speaks Latvian with euro prices', async () => {
    // Intl writes '39,99 €' with a non-breaking space; Testing Library folds it to a plain one.
    await renderCover({ options: PRICES.EUR }, 'lv');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Izvēlieties vākus' }),
    ).toBeInTheDocument();
    const hardcover = screen.getByRole('radio', { name: 'Cietie vāki' });
    expect(hardcover).toBeChecked();
    expect(within(card(hardcover)).getByText(`39,99 €`)).toBeInTheDocument();
    expect(
      within(card(screen.getByRole('radio', { name: 'Mīkstie vāki' }))).getByText(`29,99 €`),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Digitāls PDF' })).toHaveAccessibleDescription(
      /^Jūsu grāmata PDF formātā, ko lasīt jebkurā ekrānā\. Bez piegādes/,
    );
    expect(within(card(screen.getByRole('radio', { name: 'Digitāls PDF' }))).getByText(`14,99 €`));
    expect(
      screen.getByRole('checkbox', { name: /^Pievienot digitālo PDF \(\+6,99\s€\)$/ }),
    ).toBeEnabled();
    expect(screen.getByText(`sākot no 200,00 €`)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Jautājiet mums par plakanā atvēruma iesējumu' }),
    ).toHaveAttribute('href', '/contact-us');
    expect(screen.getByRole('button', { name: 'Saglabāt un doties uz grozu' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Atpakaļ uz priekšskatījumu' })).toBeInTheDocument();
  });

  it('shows loading prices as placeholders and a notice when they cannot be loaded', async () => {
    const { update } = await renderCover({ options: undefined });
    expect(screen.getAllByText('Loading prices…')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    update({ options: undefined, loadError: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the prices just now.',
    );
    expect(screen.queryByText('Loading prices…')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Hardcover' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save and go to cart' })).toBeEnabled();
  });

  it('saves, shows a spinner while saving and an alert when saving fails', async () => {
    const user = userEvent.setup();
    const { onSave, update } = await renderCover();
    await user.click(screen.getByRole('button', { name: 'Save and go to cart' }));
    expect(onSave).toHaveBeenCalledTimes(1);

    update({ saving: true });
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAttribute('aria-busy', 'true');
    await user.click(saving);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: 'Softcover' })).toBeDisabled();

    update({ saving: false, saveError: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your book.');
    await user.click(screen.getByRole('button', { name: 'Save and go to cart' }));
    expect(onSave).toHaveBeenCalledTimes(2);

    // Refused by the server for now (too many saves): wait, rather than check the connection.
    update({ saving: false, saveError: true, saveLimited: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please wait a few minutes and try again');
    expect(alert).not.toHaveTextContent('connection');

    // Refused because the order holds the most books it can: says so, not to retry.
    update({ saving: false, saveError: true, saveLimited: false, saveFull: true });
    const full = await screen.findByRole('alert');
    expect(full).toHaveTextContent('Your cart already holds 10 books, the most one order can.');
    expect(full).not.toHaveTextContent('connection');
  });

  it('goes back from the back link', async () => {
    const { onBack } = await renderCover();
    await userEvent.click(screen.getByRole('button', { name: 'Back to preview' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
