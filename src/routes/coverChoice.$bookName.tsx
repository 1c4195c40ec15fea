import { createFileRoute } from '@tanstack/react-router';
import { coverOptionsQueryOptions } from '../features/builder/api/cover-options.ts';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { preload } from '../lib/query-client.ts';
import { shopLanguageOf } from '../lib/use-shop-language.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/coverChoice/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  // The covers' prices (the step itself waits for the purchase machine, in the browser).
  loader: ({ context }) => preload(context.queryClient, coverOptionsQueryOptions(shopLanguageOf(context.i18n.language))),
  component: CoverChoicePage,
});

function CoverChoicePage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="coverChoice" />
      {bookName && <BuilderStep key={bookName} step="cover" bookName={bookName} orderItemId={null} />}
    </>
  );
}
