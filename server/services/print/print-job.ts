import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { placedOrder } from '../placed-order.ts';
import { PRINT_FILES_JOB } from '../payments/settle.ts';
import type { ScreenRenderer } from '../digital/digital-editions.ts';
import { makeParcelFiles } from '../gift/parcel-files.ts';
import { isErased } from '../retention/erasure-fence.ts';
import { makePrintFiles, type PrintRenderer } from '../stored-print-files.ts';

/** The print files of a paid book (and its screen PDF when it has one), a job of the runner (registered in jobs/shop-jobs.ts). */
export function printJobHandlers(
  db: Db,
  render: PrintRenderer,
  screen?: ScreenRenderer,
): Record<string, JobHandler> {
  return {
    [PRINT_FILES_JOB]: async (payload) => {
      // An order erased since it was queued gets no files (its writes are fenced besides).
      if (await isErased(db, String(payload.orderId))) return;
      const order = await placedOrder(db, String(payload.orderId));
      if (!order) throw new Error('the order of this job is not placed');
      await makePrintFiles(db, order, String(payload.itemId), render, screen);
      // The parcel's packing slip and a gift's card (#36), made with the first book's files.
      await makeParcelFiles(db, order);
    },
  };
}
