import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '#src/features/admin/staff-page.tsx';

export const Route = createFileRoute('/admin/staff')({ component: StaffPage });
