import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession, StaffRole } from '#contract/admin.ts';
import { AdminLayout } from '#src/features/admin/admin-layout.tsx';
import { AuditPage } from '#src/features/admin/audit-page.tsx';
import { CommunityPage } from '#src/features/admin/community-page.tsx';
import { PersonalDataPage } from '#src/features/admin/personal-data-page.tsx';
import { ReviewsPage } from '#src/features/admin/reviews-page.tsx';
import { StaffPage } from '#src/features/admin/staff-page.tsx';
import { createTestI18n } from './i18n-test.ts';

// A staff member who opens one of the owner's pages reads whose page it is (#44 finding 9), never
// 'could not be loaded' or a 'Loading…' that stays. The server answers staff 403 on these pages'
// calls (server/routes/admin/admin-routes.ts OWNER_PATHS), as this stub does.

const session = (role: StaffRole): AdminSession => ({
  staff: {
    id: 2,
    email: `${role}@example.com`,
    role,
    mustChangePassword: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  csrfToken: 'csrf-token-0000000000000000',
  expiresAt: '2026-12-31T00:00:00.000Z',
});

function stubServer(role: StaffRole) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    asked.push(url.pathname);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname === '/api/admin/session') return json(200, session(role));
    return json(403, { error: 'Only the owner may do this.' });
  });
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGES = {
  '/admin/staff': StaffPage,
  '/admin/audit': AuditPage,
  '/admin/community': CommunityPage,
  '/admin/personal-data': PersonalDataPage,
  '/admin/reviews': ReviewsPage,
} as const;

async function open(path: keyof typeof PAGES, language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const root = createRootRoute({ component: () => <Outlet /> });
  const admin = createRoute({ getParentRoute: () => root, path: '/admin', component: AdminLayout });
  const children = Object.entries(PAGES).map(([to, component]) =>
    createRoute({ getParentRoute: () => admin, path: to.replace('/admin/', ''), component }),
  );
  const index = createRoute({
    getParentRoute: () => admin,
    path: '/',
    component: () => <h1>Dashboard</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([admin.addChildren([...children, index])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the owner's pages opened by staff", () => {
  const expected: Record<keyof typeof PAGES, string> = {
    '/admin/staff': 'Only the owner can add and remove back-office accounts.',
    '/admin/audit': 'Only the owner can read the audit log.',
    '/admin/community': 'Only the owner can see the newsletter subscribers and the survey answers.',
    '/admin/personal-data': 'Only the owner can answer requests to see or erase personal data.',
    '/admin/reviews': 'Only the owner can moderate reviews.',
  };
  for (const [path, text] of Object.entries(expected)) {
    it(`${path}: says only the owner can use it, with the way back, and asks the server nothing of it`, async () => {
      const asked = stubServer('staff');
      await open(path as keyof typeof PAGES);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'For the shop owner only' }),
      ).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        '/admin',
      );
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(asked.filter((pathname) => pathname !== '/api/admin/session')).toEqual([]);
    });
  }

  it('speaks the back office language (Latvian)', async () => {
    stubServer('staff');
    await open('/admin/audit', 'lv');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tikai veikala īpašniekam' }),
    ).toBeTruthy();
    expect(screen.getByText('Audita žurnālu var lasīt tikai īpašnieks.')).toBeTruthy();
  });

  it('gives the owner the page itself', async () => {
    stubServer('owner');
    await open('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(screen.queryByText('For the shop owner only')).toBeNull();
  });
});
