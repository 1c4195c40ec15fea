// The server's entry (Vite's SSR build: dist/server/entry-server.js; ssrLoadModule in development):
// renders a route into a stream for server/web/ssr.ts, which puts it into the page's HTML.
import { QueryClientProvider } from '@tanstack/react-query';
import {
  RouterServer,
  createRequestHandler,
  renderRouterToStream,
} from '@tanstack/react-router/ssr/server';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '#contract/markets.ts';
import { setServerFetch } from './lib/api.ts';
import { createI18n, loadedNamespaces } from './lib/i18n.ts';
import { createQueryClient, dehydrateQueries } from './lib/query-client.ts';
import { CookiesProvider, headerCookies, type CookieReader } from './lib/request-cookies.tsx';
import { SSR_STATE_ID, ssrStateJson } from './lib/ssr-state.ts';
import { createAppRouter } from './router.tsx';

interface RenderOptions {
  request: Request;
  /** The language the server picked (LANGUAGE_CODE cookie, else Accept-Language). */
  language: Language;
  /** The CSP nonce of this response, for the router's and React's inline scripts. */
  nonce?: string;
  /** Answers the app's own API calls (`/api/...`) in the process, without a network hop. */
  apiFetch?: typeof fetch;
  /** Told the name of every cookie the render asks for (the server keeps a page only when it read none the visitor has). */
  onCookieRead?: (name: string) => void;
}

/**
 * The page's body (what goes inside <div id="root">) as a stream, with the router's dehydrated
 * state and, after it, the language and translation namespaces the render used (a JSON script the
 * browser starts from).
 * The response's status is the route's (404 for an unknown path).
 */
export async function render(options: RenderOptions): Promise<Response> {
  if (options.apiFetch) setServerFetch(options.apiFetch);
  const i18n = await createI18n(options.language);
  const queryClient = createQueryClient();
  const requestCookies = headerCookies(options.request.headers.get('cookie'));
  const { onCookieRead } = options;
  const cookies: CookieReader = onCookieRead
    ? (name) => {
        onCookieRead(name);
        return requestCookies(name);
      }
    : requestCookies;
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createAppRouter({
        i18n,
        queryClient: () => Promise.resolve(queryClient),
        dehydrateQueries: () => dehydrateQueries(queryClient),
        cookies,
        ...(options.nonce ? { nonce: options.nonce } : {}),
      }),
  });
  const response = await handler(({ request, responseHeaders, router }) =>
    renderRouterToStream({
      request,
      responseHeaders,
      router,
      children: (
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <CookiesProvider cookies={cookies}>
              <RouterServer router={router} />
            </CookiesProvider>
          </QueryClientProvider>
        </I18nextProvider>
      ),
    }),
  );
  if (!response.body) return response;
  const state = () =>
    `<script type="application/json" id="${SSR_STATE_ID}">${ssrStateJson({ language: options.language, namespaces: loadedNamespaces(i18n, options.language) })}</script>`;
  return new Response(response.body.pipeThrough(appendAtEnd(state)), {
    status: response.status,
    headers: response.headers,
  });
}

/** Passes a stream through and writes `tail()` (computed when the stream has ended) after it. */
function appendAtEnd(tail: () => string): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform: (chunk, controller) => controller.enqueue(chunk),
    flush: (controller) => controller.enqueue(new TextEncoder().encode(tail())),
  });
}
