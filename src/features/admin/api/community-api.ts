import { queryOptions } from '@tanstack/react-query';
import type {
  MessagesResponse,
  MessageState,
  SubscribersResponse,
  SubscriberState,
  SurveyResults,
} from '#contract/admin.ts';
import type { Language } from '#contract/markets.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

interface SubscriberFilter {
  state?: SubscriberState | undefined;
  language?: Language | undefined;
  page: number;
}

const subscribersQueryOptions = (filter: SubscriberFilter) =>
  queryOptions({
    queryKey: ['admin', 'subscribers', filter],
    queryFn: () => adminFetch<SubscribersResponse>('/subscribers', { query: { ...filter } }),
    placeholderData: keepPreviousData,
  });
export const useSubscribers = (filter: SubscriberFilter) =>
  useQuery(subscribersQueryOptions(filter));

const surveyQueryOptions = queryOptions({
  queryKey: ['admin', 'survey'],
  queryFn: () => adminFetch<SurveyResults>('/survey'),
});
export const useSurvey = () => useQuery(surveyQueryOptions);

const messagesQueryOptions = (state: MessageState, page: number) =>
  queryOptions({
    queryKey: ['admin', 'messages', state, page],
    queryFn: () => adminFetch<MessagesResponse>('/messages', { query: { state, page } }),
    placeholderData: keepPreviousData,
  });
export const useMessages = (state: MessageState, page: number) =>
  useQuery(messagesQueryOptions(state, page));

export function useSetMessageHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      adminFetch(`/messages/${id}`, { method: 'PATCH', body: { handled } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
