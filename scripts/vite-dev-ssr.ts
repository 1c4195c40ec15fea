// `npm run dev`: Vite's dev server renders each page on the server too, like production does
// (server/app.ts with dist/server): src/entry-server.tsx through ssrLoadModule (hot-reloaded),
// the language from the cookie or Accept-Language, the API answered by the API server on :3000.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Plugin } from 'vite';
import { pickLanguage } from '#server/web/head.ts';
import { pageStream, type SsrEntry } from '#server/web/ssr.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

function cookieOf(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '');
  return match?.[1];
}

export function devServerRendering(): Plugin {
  return {
    name: 'storymade-dev-ssr',
    apply: 'serve',
    configureServer(server) {
      // After Vite's own middlewares (modules, /@vite/client, public files): only pages are left.
      return () => {
        server.middlewares.use((req, res, next) => {
          const url = req.originalUrl ?? req.url ?? '/';
          if (
            req.method !== 'GET' ||
            !(req.headers.accept ?? '').includes('text/html') ||
            url.startsWith('/api/')
          )
            return next();
          void (async () => {
            try {
              const template = await server.transformIndexHtml(
                url,
                readFileSync('index.html', 'utf8'),
              );
              const language = pickLanguage(
                cookieOf(req.headers.cookie, 'LANGUAGE_CODE'),
                req.headers['accept-language'],
              );
              const html = template.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
              const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as SsrEntry;
              const headers = new Headers();
              for (const [key, value] of Object.entries(req.headers))
                if (typeof value === 'string') headers.set(key, value);
              const response = await entry.render({
                request: new Request(new URL(url, `http://${req.headers.host ?? 'localhost'}`), {
                  headers,
                }),
                language,
                apiFetch: (input, init) => fetch(`${API_ORIGIN}${String(input)}`, init),
              });
              const stream = response.body && pageStream(html, response.body);
              res.statusCode = response.status;
              response.headers.forEach((value, key) => res.setHeader(key, value));
              if (!stream) return void res.end(html);
              res.setHeader('Content-Type', 'text/html; charset=UTF-8');
              Readable.fromWeb(stream as NodeReadableStream).pipe(res);
            } catch (error) {
              server.ssrFixStacktrace(error as Error);
              next(error);
            }
          })();
        });
      };
    },
  };
}
