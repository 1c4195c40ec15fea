import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { placedOrder } from '../placed-order.ts';
import { PRINT_FILES_JOB } from '../payments/settle.ts';
import type { ScreenRenderer } from '../digital/digital-editions.ts';
import { makeParcelFiles, PARCEL_FILES_JOB } from '../gift/parcel-files.ts';
import { makePrintFiles, type PrintRenderer } from '../stored-print-files.ts';

/** The print files of a paid book (and its screen PDF when it has one), and the parcel's files again after a refund: jobs of the runner (registered in jobs/shop-jobs.ts). */
export function printJobHandlers(
  db: Db,
  render: PrintRenderer,
  screen?: ScreenRenderer,
): Record<string, JobHandler> {
  return {
    [PRINT_FILES_JOB]: async (payload) => {
      const order = await placedOrder(db, String(payload.orderId));
      if (!order) throw new Error('the order of this job is not placed');
      await makePrintFiles(db, order, String(payload.itemId), render, screen);
      // The parcel's packing slip and a gift's card (#36), made with the first book's files.
      await makeParcelFiles(db, order);
    },
    // After a refund: the parcel's files again, of the books kept (refunds/refund-books.ts).
    [PARCEL_FILES_JOB]: async (payload) => {
      const order = await placedOrder(db, String(payload.orderId));
      if (!order) throw new Error('the order of this job is not placed');
      await makeParcelFiles(db, order);
    },
  };
}
