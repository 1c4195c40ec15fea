import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { CookieConsent } from '#src/features/consent/cookie-consent.tsx';
import { Footer } from '#src/features/shell/footer.tsx';
import { createAnalytics } from '#src/lib/analytics.ts';
import { createTestI18n } from './i18n-test.ts';
import { ShopFacts } from './shop-test-facts.tsx';

window.scrollTo = () => {};

// jsdom has <dialog> without showModal(); the browser's own behaviour is covered in e2e/consent.spec.ts.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const GRANTED_ALL = {
  analytics: 'granted',
  ads: 'granted',
  personalization: 'granted',
  user_data: 'granted',
  ad_personalization: 'granted',
  functionality: 'granted',
  security: 'granted',
};
const ESSENTIAL = {
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'granted',
  security: 'granted',
};
const CONSENT_DEFAULT = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  personalization_storage: 'denied',
  functionality_storage: 'denied',
  security_storage: 'granted',
};

const stored = () => JSON.parse(localStorage.getItem('cookie_consent') ?? 'null') as unknown;
/** gtag calls on the data layer, as plain arrays. */
const gtagCalls = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const consentUpdates = () =>
  gtagCalls().filter(([command, action]) => command === 'consent' && action === 'update');
const tagScript = () =>
  document.querySelector('script[src^="https://www.googletagmanager.com/gtag/js"]');

let i18n: I18n;

async function renderShop(lng = 'en-GB') {
  i18n = await createTestI18n(lng);
  const tag = createAnalytics('G-TEST1234');
  const rootRoute = createRootRoute({
    component: () => (
      <I18nextProvider i18n={i18n}>
        <ShopFacts>
          <CookieConsent tag={tag} />
          <main id="main" tabIndex={-1}>
            <h1>Page</h1>
          </main>
          <Footer />
        </ShopFacts>
      </I18nextProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('heading', { level: 1 });
  return userEvent.setup();
}

const banner = () => screen.queryByRole('region', { name: 'Cookies at Storymade' });

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  tagScript()?.remove();
});

describe('cookie consent banner', () => {
  it('shows on a first visit with its three choices; only the Consent Mode default is pushed', async () => {
    await renderShop();
    const region = await waitFor(() => banner()!);
    for (const name of ['Accept all', 'Accept Essential', 'Customise']) {
      expect(within(region).getByRole('button', { name })).toBeVisible();
    }
    expect(within(region).getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(gtagCalls()).toEqual([['consent', 'default', CONSENT_DEFAULT]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBeNull();
    expect(tagScript()).toBeNull();
  });

  it('Accept all stores every key granted, pushes the update and then loads the tag', async () => {
    const user = await renderShop();
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(banner()).toBeNull();
    expect(stored()).toEqual(GRANTED_ALL);
    expect(consentUpdates()).toEqual([
      [
        'consent',
        'update',
        {
          analytics_storage: 'granted',
          ad_storage: 'granted',
          ad_user_data: 'granted',
          ad_personalization: 'granted',
          personalization_storage: 'granted',
          functionality_storage: 'granted',
          security_storage: 'granted',
        },
      ],
    ]);
    expect(gtagCalls()[0]).toEqual(['consent', 'default', CONSENT_DEFAULT]);
    expect(tagScript()).not.toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('Accept Essential grants only functionality and security, and loads no tag', async () => {
    const user = await renderShop();
    await user.click(await screen.findByRole('button', { name: 'Accept Essential' }));
    expect(banner()).toBeNull();
    expect(stored()).toEqual(ESSENTIAL);
    expect(consentUpdates()).toEqual([
      ['consent', 'update', { ...CONSENT_DEFAULT, functionality_storage: 'granted' }],
    ]);
    expect(tagScript()).toBeNull();
  });

  it('Customise: three switches, focus moves in; saving analytics and ads stores them (ads with user data and ad personalisation)', async () => {
    const user = await renderShop();
    await user.click(await screen.findByRole('button', { name: 'Customise' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie settings' });
    const switches = within(dialog).getAllByRole('switch');
    expect(switches.map((control) => screen.getByLabelText(labelOf(control)))).toEqual(switches);
    expect(switches.map(labelOf)).toEqual(['Analytics', 'Advertising', 'Personalisation']);
    for (const control of switches) expect(control).not.toBeChecked();
    expect(switches[0]).toHaveFocus();
    expect(within(dialog).getByText('Always on')).toBeVisible();

    await user.keyboard(' '); // the focused Analytics switch
    await user.click(within(dialog).getByRole('switch', { name: 'Advertising' }));
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Advertising' })).toBeChecked();
    expect(stored()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(banner()).toBeNull();
    expect(stored()).toEqual({ ...GRANTED_ALL, personalization: 'denied' });
    expect(consentUpdates().at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'granted',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        personalization_storage: 'denied',
        functionality_storage: 'granted',
        security_storage: 'granted',
      },
    ]);
  });

  it('Cancel (button or Escape) returns to the banner and to the Customise button, storing nothing', async () => {
    const user = await renderShop();
    await user.click(await screen.findByRole('button', { name: 'Customise' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('switch', { name: 'Personalisation' }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Customise' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Personalisation' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Customise' })).toHaveFocus();
    expect(stored()).toBeNull();
    expect(consentUpdates()).toEqual([]);
  });
});

describe('a stored choice and the footer’s Cookie settings', () => {
  it('hides the banner, pushes the stored choice, and reopens the settings from the footer', async () => {
    localStorage.setItem('cookie_consent', JSON.stringify({ ...ESSENTIAL, analytics: 'granted' }));
    const user = await renderShop();
    await waitFor(() => expect(consentUpdates()).toHaveLength(1));
    expect(banner()).toBeNull();
    expect(consentUpdates()[0]).toEqual([
      'consent',
      'update',
      { ...CONSENT_DEFAULT, functionality_storage: 'granted', analytics_storage: 'granted' },
    ]);

    const footerButton = within(screen.getByRole('contentinfo')).getByRole('button', {
      name: 'Cookie settings',
    });
    await user.click(footerButton);
    let dialog = screen.getByRole('dialog', { name: 'Cookie settings' });
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Advertising' })).not.toBeChecked();

    // Cancelling keeps the stored choice and shows no banner.
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(banner()).toBeNull();
    expect(footerButton).toHaveFocus();
    expect(stored()).toEqual({ ...ESSENTIAL, analytics: 'granted' });

    // Withdrawing analytics consent.
    await user.click(footerButton);
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Personalisation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(stored()).toEqual({ ...ESSENTIAL, personalization: 'granted' });
    expect(consentUpdates().at(-1)).toEqual([
      'consent',
      'update',
      { ...CONSENT_DEFAULT, functionality_storage: 'granted', personalization_storage: 'granted' },
    ]);
    expect(footerButton).toHaveFocus();
  });

  it('asks again when the stored value is broken', async () => {
    localStorage.setItem('cookie_consent', '{"analytics":"granted",');
    await renderShop();
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(consentUpdates()).toEqual([]);
  });

  it('speaks Latvian', async () => {
    await renderShop('lv');
    const region = await screen.findByRole('region', { name: 'Sīkdatnes Storymade veikalā' });
    expect(within(region).getByRole('button', { name: 'Tikai nepieciešamās' })).toBeVisible();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Sīkdatņu iestatījumi' }),
    ).toBeVisible();
  });
});

function labelOf(control: HTMLElement): string {
  return document.querySelector(`label[for="${control.id}"]`)?.textContent ?? '';
}
