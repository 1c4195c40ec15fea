import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '#src/features/admin/admin-layout.tsx';

// The back office: every admin screen is a lazy child of this layout (nothing of it is in the shop's first load).
export const Route = createFileRoute('/admin')({ component: AdminLayout });
