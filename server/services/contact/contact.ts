import type { Language } from '#contract/markets.ts';
import { contactMessages } from '#server/db/schema/shop.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { contactNotificationMail } from '#server/services/mail/staff-mails.ts';

/** What the contact form needs: where messages are kept and mailed (SHOP_EMAIL), and the clock. */
export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  shopEmail: string;
  now: () => Date;
}

interface ContactMessage {
  fromName: string;
  email: string;
  message: string;
  language: Language | null;
}

/** Stores a contact-form message and mails it to the shop with Reply-To set to the sender. */
export async function receiveContactMessage(
  m: ContactDeps,
  input: ContactMessage,
): Promise<{ id: number }> {
  const receivedAt = m.now();
  const [row] = await m.db
    .insert(contactMessages)
    .values({ ...input, createdAt: receivedAt })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('The message could not be stored.');
  await m.mailer.send({
    to: m.shopEmail,
    replyTo: { name: input.fromName, address: input.email },
    ...contactNotificationMail({ ...input, receivedAt }),
  });
  return row;
}
