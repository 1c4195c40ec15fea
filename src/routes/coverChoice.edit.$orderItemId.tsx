import { createFileRoute } from '@tanstack/react-router';
import { coverOptionsQueryOptions } from '../features/builder/api/cover-options.ts';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { preload } from '../lib/query-client.ts';
import { shopLanguageOf } from '../lib/use-shop-language.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/coverChoice/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  // The covers' prices (the step itself waits for the purchase machine, in the browser).
  loader: ({ context }) => preload(context.queryClient, coverOptionsQueryOptions(shopLanguageOf(context.i18n.language))),
  component: CoverChoiceEditPage,
});

function CoverChoiceEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="coverChoice" />
      <BuilderStep key={orderItemId} step="cover" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
