import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from '#src/features/admin/community-page.tsx';

export const Route = createFileRoute('/admin/community')({ component: CommunityPage });
