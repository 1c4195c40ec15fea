import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '#src/lib/early-input-script.ts';
import { holdEarlyInput } from '#src/lib/early-input.ts';
import { PageHydrated } from '#src/ui/page-hydrated.tsx';

/** The server's page: its first script runs before anything of it can be used. */
const pageScript = () => new Function(EARLY_INPUT_SCRIPT)() as void;

// What a visitor does on the server's page before the app listens is kept for the app.
describe('holdEarlyInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.hydrated;
  });

  const hydrate = async () => {
    document.documentElement.dataset.hydrated = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('keeps a form the browser would send with its fields in the address, and sends it through the app', async () => {
    document.body.innerHTML =
      '<form><input name="email" value="anna@example.com"><button>Subscribe</button></form>';
    const form = document.querySelector('form')!;
    pageScript();
    holdEarlyInput();
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => sent.push(event.defaultPrevented));
    document.querySelector('button')!.click();
    // Not sent by the browser (the app would have prevented it; nothing sends it yet).
    expect(sent).toEqual([true]);
    await hydrate();
    // Sent again, for the app to handle (the browser still does not send it itself).
    expect(sent).toEqual([true, true]);
  });

  it('presses an early button again once the app listens, in order, and nothing twice', async () => {
    document.body.innerHTML =
      '<button type="button" id="a">Accept all</button><button id="b">Menu</button>';
    pageScript();
    holdEarlyInput();
    const pressed: string[] = [];
    document.getElementById('b')!.click();
    document.getElementById('a')!.click();
    document.body.addEventListener('click', (event) => pressed.push((event.target as Element).id));
    await hydrate();
    expect(pressed).toEqual(['b', 'a']);
    document.getElementById('a')!.click();
    expect(pressed).toEqual(['b', 'a', 'a']);
  });

  it('the page’s first script holds what comes before even the entry script, and hands it over in order', async () => {
    document.body.innerHTML =
      '<form><input name="email" value="anna@example.com"><button id="send">Subscribe</button></form><button type="button" id="accept">Accept all</button>';
    pageScript();
    const form = document.querySelector('form')!;
    const events: string[] = [];
    form.addEventListener('submit', (event) =>
      events.push(`submit ${event.defaultPrevented ? 'held' : 'sent by the browser'}`),
    );
    document.getElementById('accept')!.addEventListener('click', () => events.push('accept'));
    document.getElementById('send')!.click();
    document.getElementById('accept')!.click();
    // The browser did not send the form (the page would have reloaded, the email lost).
    expect(events).toEqual(['submit held', 'accept']);
    holdEarlyInput();
    // Still held after the entry has run (the app does not listen yet), once.
    document.getElementById('accept')!.click();
    await hydrate();
    expect(events).toEqual(['submit held', 'accept', 'accept', 'submit held', 'accept', 'accept']);
  });

  it('on a page the app has taken over, holds nothing but still keeps the browser from sending app forms', async () => {
    document.documentElement.dataset.hydrated = '';
    document.body.innerHTML =
      '<form><button>Send</button></form><form action="/search"><button>Search</button></form>';
    pageScript();
    holdEarlyInput();
    const sent: boolean[] = [];
    document.addEventListener('submit', (event) => {
      sent.push(event.defaultPrevented);
      event.preventDefault();
    });
    const [app, server] = document.querySelectorAll('button');
    app!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([true]);
    // A form with an action is the server's: left to the browser.
    server!.click();
    expect(sent).toEqual([true, false]);
  });
});

// The same with React: a page rendered on the server, typed into before React hydrates it.
describe('holdEarlyInput with a hydrated React form', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.hydrated;
  });

  function SignUp({
    onSend,
  }: {
    onSend: (fields: {
      name: string;
      email: string;
      news: boolean;
      size: string;
      delivery: string;
    }) => void;
  }) {
    const [name, setName] = useState('');
    const [email, setEmail] = useState('');
    const [news, setNews] = useState(false);
    const [size, setSize] = useState('small');
    const [delivery, setDelivery] = useState('post');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend({ name, email, news, size, delivery });
        }}
      >
        <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <input
          aria-label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <input
          aria-label="News"
          type="checkbox"
          checked={news}
          onChange={(event) => setNews(event.target.checked)}
        />
        <select aria-label="Size" value={size} onChange={(event) => setSize(event.target.value)}>
          <option value="small">Small</option>
          <option value="large">Large</option>
        </select>
        {['courier', 'parcel-locker', 'post'].map((option) => (
          <input
            key={option}
            aria-label={option}
            type="radio"
            name="delivery"
            value={option}
            checked={delivery === option}
            onChange={() => setDelivery(option)}
          />
        ))}
        <button disabled={name === '' || email === ''}>Send</button>
      </form>
    );
  }

  /** Types as a browser does: the field's value changes, then an input event. */
  const type = (field: HTMLInputElement, text: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('tells the app what was typed and chosen before it took the page over, then sends an early form with it', async () => {
    const sent: unknown[] = [];
    const onSend = (fields: unknown) => sent.push(fields);
    const container = document.createElement('div');
    // The page marks itself taken over as the app does (ui/page-hydrated.tsx), once React has committed it.
    const page = (
      <>
        <SignUp onSend={onSend} />
        <PageHydrated />
      </>
    );
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed before even the first script has run.
    type(document.querySelector<HTMLInputElement>('[aria-label="Name"]')!, 'Ēriks Bērziņš');
    pageScript();
    holdEarlyInput();
    type(document.querySelector<HTMLInputElement>('[aria-label="Email"]')!, 'eriks@example.com');
    const news = document.querySelector<HTMLInputElement>('[aria-label="News"]')!;
    news.click();
    const size = document.querySelector<HTMLSelectElement>('select')!;
    size.value = 'large';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector<HTMLInputElement>('[aria-label="parcel-locker"]')!.click();
    // The Send button is still the server's (disabled); Enter in a field sends the form.
    document.querySelector('form')!.requestSubmit();
    expect(sent).toEqual([]);

    // As in the browser (no act(): React schedules its work as it does there).
    const root = hydrateRoot(container, page);
    onTestFinished(() => root.unmount());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      {
        name: 'Ēriks Bērziņš',
        email: 'eriks@example.com',
        news: true,
        size: 'large',
        delivery: 'parcel-locker',
      },
    ]);
    expect(document.querySelector<HTMLInputElement>('[aria-label="Name"]')!.value).toBe(
      'Ēriks Bērziņš',
    );
    expect(news.checked).toBe(true);
    expect(
      [...document.querySelectorAll<HTMLInputElement>('[type=radio]')].map(
        (radio) => radio.checked,
      ),
    ).toEqual([false, true, false]);
    expect(document.querySelector('button')!.disabled).toBe(false);
  });
});
