import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './route-tree.gen.ts';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The server wrote this page's title and sharing tags for crawlers; React owns the tags from now
// on, and PageMeta keeps the server's <title> element up to date.
document.querySelectorAll('head [data-ssr]').forEach((node) => node.remove());

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
