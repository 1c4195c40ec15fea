import { readSsrState } from './lib/ssr-state.ts';

// Hydrates the page the server rendered (or renders the empty shell's page); main.tsx loads this
// after the first paint.

/**
 * A new task: starting the app is several steps, and between them the browser may paint and answer
 * a tap instead of being held for all of them at once (on a slow phone each step is tens of ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's large parts are fetched at once, and each is evaluated when it has arrived, in a task
// of its own: translations (i18next), React DOM, then the routes with the router. As one module
// graph they were one task of ~60 ms on this machine (four times that on a slow phone).
const translations = import('./lib/i18n.ts');
const reactDom = import('react-dom/client');
const appRoot = import('./app-root.tsx');

// The server rendered this page in its language with these namespaces: the first render has the
// same texts (their chunks were preloaded), so hydration matches and nothing flashes from one
// language to another.
const state = readSsrState(document);
await nextTask();
const { createI18n } = await translations;
await nextTask();
const i18n = await createI18n(state.language, { namespaces: state.namespaces, fallback: false });
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// The server wrote this page's title and sharing tags for crawlers; React owns the tags from now
// on, and PageMeta keeps the server's <title> element up to date.
document.querySelectorAll('head [data-ssr]').forEach((node) => node.remove());
await reactDom;
await nextTask();
const { createBrowserHistory, createBrowserRouter, mountApp } = await appRoot;
await nextTask();
const history = createBrowserHistory();
await nextTask();
const router = createBrowserRouter(i18n, history);
await nextTask();

// The router's state from the server; without it (the server could not render the page and sent
// the empty shell) the browser renders the page itself.
await mountApp(document.getElementById('root')!, router, i18n, '$_TSR' in window);
