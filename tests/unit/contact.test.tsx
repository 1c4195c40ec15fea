import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from '#src/features/contact/contact-page.tsx';
import { createTestI18n } from './i18n-test.ts';

// The network is the one thing replaced here: the browser test (e2e/contact.spec.ts) posts to the
// real server.
function stubFetch(status: number) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ url: request.url, body: await request.clone().json() });
    return new Response(JSON.stringify(status === 200 ? { status: 'sent' } : { error: 'down' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderContact(language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const rootRoute = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/contact-us', component: ContactPage }),
    createRoute({ getParentRoute: () => rootRoute, path: '/faq', component: () => <h1>FAQ</h1> }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/contact-us'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

describe('the contact form', () => {
  it('refuses a name or message with a direction override or zero-width space, saying why in the page’s language', async () => {
    const user = userEvent.setup();
    await renderContact('lv');
    const send = screen.getByRole('button', { name: 'Sūtīt ziņu' });
    const name = screen.getByLabelText('Jūsu vārds');
    await user.type(name, 'Anna');
    await user.paste('\u202Egnp.exe');
    await user.type(screen.getByLabelText('E-pasts'), 'anna@example.lv');
    await user.type(screen.getByLabelText('Ziņa'), 'Labdien');
    expect(send).toBeDisabled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/slēptas rakstzīmes/);
    await user.clear(name);
    await user.type(name, 'Anna');
    expect(send).toBeEnabled();
    await user.click(screen.getByLabelText('Ziņa'));
    await user.paste('\u200B');
    expect(send).toBeDisabled();
    expect(screen.getByLabelText('Ziņa')).toHaveAccessibleDescription(/slēptas rakstzīmes/);
  });

  it('keeps Send disabled until name and message are filled and the email is valid', async () => {
    const user = userEvent.setup();
    await renderContact();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Your name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'anna@example');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    expect(send).toBeDisabled();
    await user.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.lv');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Your name'), 'Anna');
    expect(send).toBeEnabled();
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '3');
  });

  it('sends the trimmed fields and replaces the form with the sent view linking to the FAQ', async () => {
    const calls = stubFetch(200);
    const user = userEvent.setup();
    await renderContact();
    await user.type(screen.getByLabelText('Your name'), '  Anna Bērziņa ');
    await user.type(screen.getByLabelText('Email'), ' anna@example.lv ');
    await user.type(screen.getByLabelText('Message'), ' Can the book be in Latvian? ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the FAQ' })).toHaveAttribute('href', '/faq');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/api\/contact$/);
    expect(calls[0]!.body).toEqual({
      from_name: 'Anna Bērziņa',
      email: 'anna@example.lv',
      message: 'Can the book be in Latvian?',
      website: '',
      language: 'en-GB',
    });
  });

  it('on failure shows the alert and keeps what was typed (never "sent")', async () => {
    stubFetch(503);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderContact();
    await user.type(screen.getByLabelText('Your name'), 'Anna');
    await user.type(screen.getByLabelText('Email'), 'anna@example.lv');
    await user.type(screen.getByLabelText('Message'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send email. Please try again later.',
    );
    expect(screen.queryByRole('heading', { name: 'Message sent' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello there');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('speaks Latvian, with three social links opening in a new tab', async () => {
    await renderContact('lv');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sazinieties ar mums');
    expect(screen.getByRole('button', { name: 'Sūtīt ziņu' })).toBeDisabled();
    const links = screen.getAllByRole('link', { name: /atveras jaunā cilnē/ });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
