import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscribeBlock } from '#src/features/newsletter/subscribe-block.tsx';
import { renderAt, stubFetch } from './newsletter-render.tsx';

const { trackEvent } = vi.hoisted(() => ({ trackEvent: vi.fn(() => true) }));
vi.mock('#src/lib/analytics.ts', () => ({ trackEvent }));

const ID = 'k3J9vQ2xLm8pR4tY6wZ0aB1c';
const ok = { status: 200, body: ID };
const down = (status: number) => ({ status, body: { error: 'down' } });

beforeEach(() => {
  localStorage.clear();
  trackEvent.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderBlock(language = 'en-GB') {
  const page = await renderAt('/', '/', () => <SubscribeBlock />, language);
  await screen.findByRole('heading', { level: 2 });
  return page;
}

const joinButton = () => screen.getByRole('button', { name: /^(Join now|Joining…)$/ });
const typeEmail = (value: string) =>
  fireEvent.change(screen.getByLabelText('Your email address'), { target: { value } });

/** Lets pending promises (fetch, response parsing, navigation) run. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

describe('the subscribe block', () => {
  it('shows the adventure community with its prefix, description and the anchor Home scrolls to', async () => {
    await renderBlock();
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('Join our adventure community');
    expect(heading.closest('section')).toHaveAttribute('id', 'adventure-community');
    expect(screen.getByText(/Hear first about new stories/)).toBeInTheDocument();
  });

  it('keeps Join now unavailable until the email matches the pattern, and says why in a tooltip after 250 ms', async () => {
    await renderBlock();
    vi.useFakeTimers();
    expect(joinButton()).toHaveAttribute('aria-disabled', 'true');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).toHaveTextContent('Please enter a valid email address to proceed.');
    expect(joinButton()).toHaveAttribute('aria-describedby', tooltip.id);
    expect(tooltip).not.toBeVisible();

    fireEvent.mouseEnter(joinButton().parentElement!);
    act(() => vi.advanceTimersByTime(240));
    expect(tooltip).not.toBeVisible();
    act(() => vi.advanceTimersByTime(10));
    expect(tooltip).toBeVisible();
    fireEvent.mouseLeave(joinButton().parentElement!);
    act(() => vi.advanceTimersByTime(390));
    expect(tooltip).toBeVisible();
    act(() => vi.advanceTimersByTime(10));
    expect(tooltip).not.toBeVisible();

    // Keyboard focus shows it too, and Escape dismisses it.
    fireEvent.focus(joinButton());
    act(() => vi.advanceTimersByTime(250));
    expect(tooltip).toBeVisible();
    fireEvent.keyDown(joinButton(), { key: 'Escape' });
    expect(tooltip).not.toBeVisible();

    for (const invalid of ['anna', 'anna@example', 'anna @example.lv', 'anna@example.lv,b@c.lv']) {
      typeEmail(invalid);
      expect(joinButton()).toHaveAttribute('aria-disabled', 'true');
    }
    typeEmail('anna@example.lv');
    expect(joinButton()).toHaveAttribute('aria-disabled', 'false');
    expect(joinButton()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
  });

  it('sends nothing while the address is invalid, even when the button is pressed', async () => {
    const { calls, fake } = stubFetch([ok]);
    vi.stubGlobal('fetch', fake);
    await renderBlock();
    typeEmail('anna@example');
    fireEvent.click(joinButton());
    await settle();
    expect(calls).toEqual([]);
  });

  it('on success stores SubscriberId and subscribed, fires the analytics event and opens /thank-you', async () => {
    const { calls, fake } = stubFetch([ok]);
    vi.stubGlobal('fetch', fake);
    const page = await renderBlock('lv');
    fireEvent.change(screen.getByLabelText('Jūsu e-pasta adrese'), {
      target: { value: '  anna@example.lv ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pievienoties' }));
    await waitFor(() => expect(page.pathname()).toBe('/thank-you'));
    expect(calls).toEqual([
      {
        url: 'http://localhost/api/Subscriptions',
        method: 'POST',
        body: { email: 'anna@example.lv', preferredLanguage: 'lv' },
      },
    ]);
    expect(localStorage.getItem('SubscriberId')).toBe(ID);
    expect(localStorage.getItem('subscribed')).toBe('true');
    expect(trackEvent).toHaveBeenCalledExactlyOnceWith('subscribe_button_home');
  });

  it('retries 503, 502, a network error and 504 after 2, 4, 8 and 16 s, then succeeds', async () => {
    const { calls, fake } = stubFetch([down(503), down(502), 'network', down(504), ok]);
    vi.stubGlobal('fetch', fake);
    const page = await renderBlock();
    vi.useFakeTimers();
    typeEmail('anna@example.lv');
    fireEvent.click(joinButton());
    await settle();
    expect(calls).toHaveLength(1);
    expect(joinButton()).toHaveTextContent('Joining…');
    for (const [wait, expected] of [
      [2000, 2],
      [4000, 3],
      [8000, 4],
      [16000, 5],
    ] as const) {
      await act(async () => vi.advanceTimersByTime(wait - 1));
      await settle();
      expect(calls).toHaveLength(expected - 1);
      await act(async () => vi.advanceTimersByTime(1));
      await settle();
      expect(calls).toHaveLength(expected);
    }
    vi.useRealTimers();
    await waitFor(() => expect(page.pathname()).toBe('/thank-you'));
    expect(localStorage.getItem('SubscriberId')).toBe(ID);
  });

  it('gives up silently after four retries: logged, no message, nothing stored, the visitor may try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, fake } = stubFetch([down(500)]);
    vi.stubGlobal('fetch', fake);
    const page = await renderBlock();
    vi.useFakeTimers();
    typeEmail('anna@example.lv');
    fireEvent.click(joinButton());
    await settle();
    for (const wait of [2000, 4000, 8000, 16000]) {
      await act(async () => vi.advanceTimersByTime(wait));
      await settle();
    }
    expect(calls).toHaveLength(5);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(5);
    expect(error).toHaveBeenCalledWith('Failed to send subscription data', 500);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(page.pathname()).toBe('/');
    expect(localStorage.getItem('subscribed')).toBeNull();
    expect(trackEvent).not.toHaveBeenCalled();
    expect(joinButton()).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByLabelText('Your email address')).toHaveValue('anna@example.lv');
  });

  it('does not retry a refused request (400, 429)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const status of [400, 429]) {
      const { calls, fake } = stubFetch([down(status)]);
      vi.stubGlobal('fetch', fake);
      await renderBlock();
      vi.useFakeTimers();
      typeEmail('anna@example.lv');
      fireEvent.click(joinButton());
      await settle();
      await act(async () => vi.advanceTimersByTime(60_000));
      expect(calls).toHaveLength(1);
      expect(error).toHaveBeenLastCalledWith('Failed to send subscription data', status);
      vi.useRealTimers();
      document.body.innerHTML = '';
    }
  });
});
