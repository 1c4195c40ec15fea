import { Hono } from 'hono';
import * as v from 'valibot';
import { ContactRequestSchema } from '#contract/contact.ts';
import { receiveContactMessage, type ContactDeps } from '#server/services/contact/contact.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { badRequest, fieldErrors, parseJson } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const SENT = { status: 'sent' as const };

/** The contact form: stored and mailed to the shop. */
export function contactRoutes(contact: ContactDeps, limits: RouteLimits) {
  return new Hono().post(
    '/contact',
    routeDocs['POST /contact'],
    rateLimit(limits.rateLimits.contact, limits),
    async (c) => {
      const raw = await parseJson(c, v.unknown());
      if (!raw.ok) return raw.response;
      // The honeypot: people never see the field, robots fill it. Answer as usual, keep nothing.
      const honeypot = (raw.value as { website?: unknown } | null | undefined)?.website;
      if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') {
        return c.json(SENT);
      }
      const result = v.safeParse(ContactRequestSchema, raw.value);
      if (!result.success) {
        return badRequest(c, 'The request has invalid fields.', fieldErrors(result.issues));
      }
      const { from_name, email, message, language } = result.output;
      await receiveContactMessage(contact, {
        fromName: from_name,
        email,
        message,
        language: language ?? null,
      });
      return c.json(SENT);
    },
  );
}
