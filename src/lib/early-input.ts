/**
 * Holds what a visitor does on the server's page before the app has taken it over
 * (`<html data-hydrated>`, app-root.tsx) and hands it to the app then. The app is fetched after
 * the first paint, and until it listens a form sent by the browser itself would go to the server
 * as a GET with its fields (an email, an address, a message) in the address, and a button would
 * do nothing. So a form sent early is sent again through the app, and an early press of a button
 * is pressed again, in the order they came.
 *
 * The browser never sends the app's forms itself, before or after: they have no `action`, and a
 * part of the page React hydrates later than the rest (a lazy section) would otherwise let a
 * submit through to the browser while React queues it. React's own handlers get every submit.
 */
export function holdEarlyInput(): void {
  const root = document.documentElement;
  const live = () => 'hydrated' in root.dataset;
  const held: (() => void)[] = [];
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (form.hasAttribute('action')) return; // a form meant for the server
      event.preventDefault();
      if (!live()) {
        held.push(() => {
          if (form.isConnected) form.requestSubmit();
        });
      }
    },
    true,
  );
  if (live()) return;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button sends its form (held above); any other button only answers through the app.
    if (!button || (button.type === 'submit' && button.form)) return;
    held.push(() => {
      if (button.isConnected) button.click();
    });
  };
  document.addEventListener('click', onClick, true);
  const observer = new MutationObserver(() => {
    if (!live()) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    for (const replay of held) replay();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}
