import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '#src/features/admin/audit-page.tsx';

export const Route = createFileRoute('/admin/audit')({ component: AuditPage });
