import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { readSsrState } from './lib/ssr-state.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';
import './ui/site-header.css';
import './ui/chrome.css';
import './ui/looks.css';

/**
 * A new task: starting the app is several steps, and between them the browser may paint and answer
 * a tap instead of being held for all of them at once (on a slow phone each step is tens of ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server rendered this page in its language with these texts: the first render uses the same,
// so hydration matches and nothing flashes from one language to another.
const state = readSsrState(document);
await nextTask();
const i18n = await createI18n(state.language, state.resources);
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// The server wrote this page's title and sharing tags for crawlers; React owns the tags from now
// on, and PageMeta keeps the server's <title> element up to date.
document.querySelectorAll('head [data-ssr]').forEach((node) => node.remove());
await nextTask();
const router = createAppRouter({ i18n, queryClient });
await nextTask();

const root = document.getElementById('root')!;
// The router's state from the server; without it (the server could not render the page and sent
// the empty shell) the browser renders the page itself.
const serverRendered = '$_TSR' in window;
const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {serverRendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>
);
// Hydration in a transition is interruptible: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole page (a tap during it is answered at once).
if (serverRendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
