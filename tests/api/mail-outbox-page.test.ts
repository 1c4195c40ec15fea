import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';

describe('MAIL_OUTBOX_PAGE', () => {
  it('serves /dev/outbox in development, or outside it only when switched on', () => {
    expect(readEnv({}).mailOutboxPage).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', MAIL_OUTBOX_PAGE: '0' }).mailOutboxPage).toBe(false);
    expect(readEnv({ MAIL_OUTBOX_PAGE: '1' }).mailOutboxPage).toBe(true);
    expect(readEnv({ NODE_ENV: 'development' }).mailOutboxPage).toBe(true);
    expect(() => readEnv({ MAIL_OUTBOX_PAGE: 'yes' })).toThrow(/MAIL_OUTBOX_PAGE/);
  });
});
