import type { ContactRequest } from '#contract/contact.ts';
import { api } from '#src/lib/api.ts';
import { useMutation } from '#src/lib/query-client.ts';

function sendContactMessage(body: ContactRequest) {
  return api<{ status: 'sent' }>('/contact', { method: 'POST', body });
}

/** Sends the contact form to our own API, which stores the message and mails the shop. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
