import { createFileRoute } from '@tanstack/react-router';
import { PersonalDataPage } from '#src/features/admin/personal-data-page.tsx';

export const Route = createFileRoute('/admin/personal-data')({ component: PersonalDataPage });
