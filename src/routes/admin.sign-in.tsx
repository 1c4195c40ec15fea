import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '#src/features/admin/sign-in-page.tsx';

export const Route = createFileRoute('/admin/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: SignInPage,
});
