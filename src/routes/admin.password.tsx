import { createFileRoute } from '@tanstack/react-router';
import { PasswordPage } from '#src/features/admin/password-page.tsx';

export const Route = createFileRoute('/admin/password')({ component: PasswordPage });
