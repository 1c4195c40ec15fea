import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession, StaffRole } from '#contract/admin.ts';
import type { PersonalDataErasure, PersonalDataExport } from '#contract/personal-data.ts';
import { setCsrfToken } from '#src/features/admin/api/admin-fetch.ts';
import { PersonalDataPage } from '#src/features/admin/personal-data-page.tsx';
import { createTestI18n } from './i18n-test.ts';

const EXPORT: PersonalDataExport = {
  email: 'liga@example.lv',
  exportedAt: '2026-11-27T09:00:00.000Z',
  orders: [],
  newsletter: {
    email: 'liga@example.lv',
    preferredLanguage: 'lv',
    createdAt: '2026-01-01T00:00:00.000Z',
    confirmedAt: null,
    unsubscribedAt: null,
    signups: [],
  },
  contactMessages: [
    {
      fromName: 'Līga',
      email: 'liga@example.lv',
      message: 'Sveiki',
      language: 'lv',
      createdAt: '2026-02-01T00:00:00.000Z',
      handledAt: null,
    },
  ],
  mails: [],
};
const ERASURE: PersonalDataErasure = {
  ordersAnonymised: 1,
  ordersDeleted: 2,
  ordersKept: [
    { orderNumber: 'SM-2026-00002', status: 'in_production' },
    { orderNumber: null, status: 'awaiting_payment' },
  ],
  newsletterRemoved: true,
  messagesDeleted: 1,
  mailsDeleted: 4,
};

// The network is the one thing replaced here (the server's side: tests/api/personal-data.test.ts).
function stubServer(role: StaffRole = 'owner') {
  const calls: { method: string; path: string; body: unknown; csrf: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && path === '/api/admin/session') {
      const session: AdminSession = {
        staff: {
          id: 1,
          email: `${role}@example.com`,
          role,
          mustChangePassword: false,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        csrfToken: 'csrf-1',
        expiresAt: '2026-12-01T00:00:00.000Z',
      };
      return new Response(JSON.stringify(session), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    calls.push({
      method: request.method,
      path,
      body: await request.clone().json(),
      csrf: request.headers.get('X-CSRF-Token'),
    });
    const answer = path.endsWith('/export') ? EXPORT : ERASURE;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

const downloads: string[] = [];
beforeEach(() => {
  downloads.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCsrfToken(null);
});

async function renderPage(language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const client = new QueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <PersonalDataPage />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the personal data page', () => {
  it('refuses an address that is not one, says why and puts the focus back in the field, without asking the server', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    await renderPage();
    const field = screen.getByLabelText("Parent's e-mail address");
    await user.type(field, 'liga@example');
    await user.click(screen.getByRole('button', { name: 'Download data' }));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Erase data' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('downloads everything held for the address as a JSON file and says what it held (Enter in the field downloads)', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText("Parent's e-mail address"), ' liga@example.lv {Enter}');
    const status = screen.getByRole('status');
    expect(
      await within(status).findByText('Downloaded the data of liga@example.lv:'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/admin/personal-data/export',
        body: { email: 'liga@example.lv' },
        csrf: 'csrf-1',
      },
    ]);
    expect(downloads).toEqual(['storymade-personal-data-2026-11-27.json']);
    const facts = within(status)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(facts).toEqual(['0', 'Yes', '1', '0']);
  });

  it('asks before erasing: Escape or Cancel erases nothing; "Yes, erase" does and shows the orders kept until delivered', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText("Parent's e-mail address"), 'liga@example.lv');
    const erase = screen.getByRole('button', { name: 'Erase data' });
    await user.click(erase);
    const question = screen.getByRole('group', { name: 'Erase the data of liga@example.lv?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(erase).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(erase);
    await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Yes, erase' }));
    const status = screen.getByRole('status');
    expect(
      await within(status).findByText('Erased the data of liga@example.lv:'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/admin/personal-data/erase',
        body: { email: 'liga@example.lv' },
        csrf: 'csrf-1',
      },
    ]);
    expect(
      within(status)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['1', '2', 'Yes', '1', '4']);
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'SM-2026-00002 (In production)',
      'an unpaid order, payment under way (Awaiting payment)',
    ]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('tells staff that only the owner answers these requests, and offers them nothing to press', async () => {
    stubServer('staff');
    await renderPage();
    expect(
      await screen.findByText("Only the shop's owner can answer personal data requests."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Latvian', async () => {
    stubServer();
    const user = userEvent.setup();
    await renderPage('lv');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Personas datu pieprasījumi' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Vecāka e-pasta adrese'), 'liga@example.lv');
    await user.click(screen.getByRole('button', { name: 'Dzēst datus' }));
    expect(
      screen.getByRole('group', { name: 'Vai dzēst adreses liga@example.lv datus?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jā, dzēst' })).toBeInTheDocument();
  });
});
