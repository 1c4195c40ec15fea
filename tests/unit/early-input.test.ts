import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput } from '../../src/lib/early-input.ts';

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
    document.body.innerHTML = '<form><input name="email" value="anna@example.com"><button>Subscribe</button></form>';
    const form = document.querySelector('form')!;
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
    document.body.innerHTML = '<button type="button" id="a">Accept all</button><button id="b">Menu</button>';
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

  it('on a page the app has taken over, holds nothing but still keeps the browser from sending app forms', async () => {
    document.documentElement.dataset.hydrated = '';
    document.body.innerHTML = '<form><button>Send</button></form><form action="/search"><button>Search</button></form>';
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
