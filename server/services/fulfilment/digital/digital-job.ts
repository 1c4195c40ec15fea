import type { JobHandler } from '#server/platform/jobs/runner.ts';
import { DIGITAL_LINKS_MAIL_JOB } from './digital-editions.ts';
import { sendDigitalLinks, type DigitalLinkDeps } from './digital-links.ts';

/** The digital edition's mail of download links, a job of the runner (server/shop-jobs.ts). */
export function digitalJobHandlers(deps: DigitalLinkDeps): Record<string, JobHandler> {
  return {
    [DIGITAL_LINKS_MAIL_JOB]: async (payload) =>
      sendDigitalLinks(deps, String(payload.orderId), payload.again === true),
  };
}
