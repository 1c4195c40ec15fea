import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake EveryPay APIv4 server that follows the documented calls: POST /payments/oneoff and
 * GET /payments/{payment_reference}?api_username=…, both with HTTP Basic auth. Tests set each
 * payment's state and can make it fail (an HTTP error) or hang (a timeout).
 */
export interface FakeEveryPay {
  url: string;
  /** Bodies of the oneoff requests received. */
  created: Record<string, unknown>[];
  states: Map<string, { payment_state: string; order_reference: string; initial_amount: number; currency: string }>;
  /** 'ok', or the status to answer every call with, or 'hang'. */
  mode: 'ok' | 'hang' | number;
  close(): Promise<void>;
}

export const FAKE_USER = 'storymade_api';
export const FAKE_SECRET = 's3cr3t';

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export async function startFakeEveryPay(): Promise<FakeEveryPay> {
  const fake: Omit<FakeEveryPay, 'url' | 'close'> = { created: [], states: new Map(), mode: 'ok' };
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_USER}:${FAKE_SECRET}`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (fake.mode === 'hang') return; // never answers
      if (typeof fake.mode === 'number') return answer(fake.mode, { error: { code: 5000, message: 'Internal error' } });
      if (req.headers.authorization !== expectedAuth) return answer(401, { error: { code: 1001, message: 'Unauthorized' } });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/api/v4/payments/oneoff') {
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const required = ['api_username', 'account_name', 'amount', 'order_reference', 'nonce', 'timestamp', 'customer_url', 'email', 'locale'];
        const missing = required.filter((key) => body[key] === undefined || body[key] === '');
        if (missing.length > 0 || body.api_username !== FAKE_USER) {
          return answer(422, { error: { code: 4024, message: `Missing ${missing.join(', ')}` } });
        }
        if (fake.created.some((earlier) => earlier.nonce === body.nonce)) {
          return answer(422, { error: { code: 4999, message: 'Nonce already used' } });
        }
        fake.created.push(body);
        counter += 1;
        const reference = `ep${String(counter).padStart(6, '0')}${Date.now().toString(16)}`;
        fake.states.set(reference, {
          payment_state: 'initial',
          order_reference: String(body.order_reference),
          initial_amount: Number(body.amount),
          // The processing account decides the currency (the tests' accounts are named EUR3D1, GBP3D1 …).
          currency: String(body.account_name).slice(0, 3),
        });
        return answer(201, {
          payment_reference: reference,
          payment_link: `https://igw-demo.example/lp/${reference}`,
          payment_state: 'initial',
          order_reference: body.order_reference,
          initial_amount: body.amount,
          account_name: body.account_name,
        });
      }
      const match = /^\/api\/v4\/payments\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        if (url.searchParams.get('api_username') !== FAKE_USER) return answer(422, { error: { code: 4024, message: 'api_username' } });
        const state = fake.states.get(decodeURIComponent(match[1]!));
        if (!state) return answer(404, { error: { code: 4004, message: 'Payment not found' } });
        return answer(200, { payment_reference: match[1], ...state });
      }
      return answer(404, { error: { message: 'No such route' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/api/v4`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
