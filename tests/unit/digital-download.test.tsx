import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DigitalStatus } from '#contract/digital.ts';
import { DigitalDownloadView } from '#src/features/order-status/digital-download.tsx';
import { createTestI18n } from './i18n-test.ts';

// The status page's digital PDFs (#36 item 2). tests/api/digital.test.ts posts to the real server;
// here the network is the one thing replaced.
const ORDER_ID = 'order-id-0000000000000000';

async function show(status: DigitalStatus, language: 'lv' | 'en-GB' = 'en-GB') {
  const i18n = await createTestI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <DigitalDownloadView orderId={ORDER_ID} status={status} />
    </I18nextProvider>,
  );
}

function stubFetch(status: number) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ method: request.method, url: request.url });
    return new Response(JSON.stringify(status === 202 ? { sent: true } : { error: 'no' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const ready: DigitalStatus = {
  linkDays: 7,
  items: [
    { id: '1', childName: 'Emma', ready: true, downloads: 2, byteSize: 840_000 },
    { id: '3', childName: 'Jānis', ready: false, downloads: 0, byteSize: null },
  ],
};

describe('the status page: the digital PDF', () => {
  it('tells each book’s PDF state and downloads, and that the link is mailed (never shown)', async () => {
    await show(ready);
    expect(screen.getByRole('heading', { name: 'Digital PDF' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Book for EmmaReady to download · downloads: 2',
      'Book for JānisWe are making your PDF. This takes a few minutes.',
    ]);
    expect(
      screen.getByText(
        'We have emailed the download link to the address you gave at checkout. Each link works for 7 days.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('mails a new link when asked, and says so', async () => {
    const calls = stubFetch(202);
    const user = userEvent.setup();
    await show(ready);
    await user.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByText('Done: a new link is on its way to your inbox.')).toBeVisible();
    expect(calls).toEqual([
      { method: 'POST', url: `http://localhost/api/order/${ORDER_ID}/digital/links` },
    ]);
  });

  it('says when too many links were asked for (429), in Latvian', async () => {
    stubFetch(429);
    const user = userEvent.setup();
    await show(ready, 'lv');
    expect(screen.getByRole('heading', { name: 'Digitālais PDF' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nosūtīt jaunu saiti uz e-pastu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Īsā laikā pieprasījāt vairākas saites. Lūdzu, mēģiniet vēlreiz pēc stundas.',
    );
  });

  it('offers no new link while no PDF is made yet', async () => {
    await show({ linkDays: 7, items: [{ ...ready.items[1]! }] });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a refunded PDF is gone, and offers no new link when no PDF is kept (#44.2)', async () => {
    await show({
      linkDays: 7,
      items: [
        {
          id: '1',
          childName: 'Emma',
          ready: false,
          downloads: 0,
          byteSize: null,
          returned: 'refunded',
        },
        {
          id: '2',
          childName: 'Leo',
          ready: false,
          downloads: 0,
          byteSize: null,
          returned: 'cancelled',
        },
      ],
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Book for EmmaRefunded: this PDF is no longer available.',
      'Book for LeoCancelled: this PDF is no longer available.',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
