import { createMailer, type Mailer, type MailerOptions } from '#server/platform/mail/mailer.ts';
import { orderStillHeld } from '#server/services/retention/erasure-fence.ts';

/**
 * The shop's mailer: the outbox and its SMTP relay (platform/mail/mailer.ts), behind the erasure
 * fence: a mail about an order is not made once the order's personal data is erased
 * (retention/erasure-fence.ts), however long ago its job was queued.
 */
export function createShopMailer(options: Omit<MailerOptions, 'orderFence'>): Mailer {
  return createMailer({ ...options, orderFence: orderStillHeld });
}
