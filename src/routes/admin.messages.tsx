import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '#src/features/admin/messages-page.tsx';

export const Route = createFileRoute('/admin/messages')({ component: MessagesPage });
