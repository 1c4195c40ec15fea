import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRoute,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from './i18n-test.ts';

/** Renders `component` at `path` in a memory router, with plain stand-ins for the pages it may go to. */
export async function renderAt(
  path: string,
  pattern: string,
  component: () => JSX.Element,
  language = 'en-GB',
) {
  const i18n = await createTestI18n(language);
  const rootRoute = createRootRoute();
  const stand = (to: string, name: string) =>
    createRoute({ getParentRoute: () => rootRoute, path: to, component: () => <h1>{name}</h1> });
  const others: Record<string, string> = {
    '/': 'Home page',
    '/thank-you': 'Survey page',
    '/thank-you-reward': 'Reward page',
    '/subscription-confirmed': 'Confirmed page',
    '/YouCanDoIt': 'Product page',
    '/contact-us': 'Contact page',
  };
  const routes: AnyRoute[] = [
    createRoute({ getParentRoute: () => rootRoute, path: pattern, component }),
  ];
  for (const [to, name] of Object.entries(others)) if (to !== pattern) routes.push(stand(to, name));
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await router.load();
  return { router, pathname: () => router.state.location.pathname, screen };
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch: each call takes the next answer (a status and body, or 'network' for a failure). */
export function stubFetch(answers: Array<{ status: number; body: unknown } | 'network'>) {
  const calls: Call[] = [];
  const queue = [...answers];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const text = await request.clone().text();
    calls.push({
      url: request.url,
      method: request.method,
      body: text ? JSON.parse(text) : undefined,
    });
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fake };
}
