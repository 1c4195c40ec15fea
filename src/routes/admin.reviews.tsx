import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '#src/features/admin/reviews-page.tsx';

export const Route = createFileRoute('/admin/reviews')({ component: ReviewsPage });
