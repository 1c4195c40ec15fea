import { parcelItemId } from '#server/services/fulfilment/parcel-files.ts';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminOrderParamsSchema,
  OrdersQuerySchema,
  PrintFileParamsSchema,
  StatusChangeRequestSchema,
} from '#contract/admin-orders.ts';
import type { ApiError } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import { placedOrders, printFiles } from '#server/db/schema/checkout.ts';
import { getAdminOrder, listOrders } from '#server/services/admin/admin-orders.ts';
import { dashboardFor, getDashboard } from '#server/services/admin/dashboard.ts';
import { renderPrintFilesAgain, staffChangeStatus } from '#server/services/admin/order-actions.ts';
import {
  markHandedOn,
  printFilesInProduction,
  safeName,
  zipStream,
} from '#server/services/fulfilment/print-zip.ts';
import { recordAudit } from '#server/services/audit/audit-log.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { answerQuery, notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

/** Owners and staff: the dashboard, paid orders, their status, and the print files. */
export function orderRoutes(db: Db, jobs: JobRunner, now: () => Date) {
  const deps = { db, jobs };
  return new Hono<AdminEnv>()
    .get('/dashboard', adminDocs['GET /dashboard'], async (c) =>
      c.json(dashboardFor(c.get('signedIn').staff.role, await getDashboard(db, now()))),
    )
    .get(
      '/orders',
      adminDocs['GET /orders'],
      answerQuery(OrdersQuerySchema, (query) => listOrders(db, query)),
    )
    .get('/orders/:orderId', adminDocs['GET /orders/:orderId'], async (c) => {
      const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const order = await getAdminOrder(db, params.value.orderId);
      if (!order) return notFound(c, 'Order not found.');
      await recordAudit(
        db,
        actorOf(c),
        { action: 'order.view', targetType: 'order', targetId: params.value.orderId },
        now(),
      );
      return c.json(order);
    })
    .post('/orders/:orderId/status', adminDocs['POST /orders/:orderId/status'], async (c) => {
      const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const body = await parseJson(c, StatusChangeRequestSchema);
      if (!body.ok) return body.response;
      const result = await staffChangeStatus(
        deps,
        actorOf(c),
        params.value.orderId,
        body.value,
        now(),
      );
      if (!result.ok) {
        if (result.current === null) return notFound(c, 'Order not found.');
        if (result.held)
          return c.json(
            {
              error: `The print proof of ${result.held.length === 1 ? 'a book' : `${result.held.length} books`} failed: the order is held until its print files are made again and pass.`,
              code: 'proof_held',
              status: result.current,
              held: result.held,
            } satisfies ApiError & { code: string; status: string; held: string[] },
            409,
          );
        return c.json(
          {
            error: `An order that is ${result.current} cannot become ${body.value.to}.`,
            status: result.current,
          } satisfies ApiError & { status: string },
          409,
        );
      }
      return c.json(await getAdminOrder(db, params.value.orderId));
    })
    .post(
      '/orders/:orderId/print-files',
      adminDocs['POST /orders/:orderId/print-files'],
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const result = await renderPrintFilesAgain(deps, actorOf(c), params.value.orderId, now());
        if (result === 'not-found') return notFound(c, 'Order not found.');
        if (result === 'shipped')
          return c.json(
            { error: 'The books of this order are printed and shipped.' } satisfies ApiError,
            409,
          );
        return c.json({ status: 'queued' }, 202);
      },
    )
    .get(
      '/orders/:orderId/items/:itemId/:file{(?:interior|endpapers|cover)\\.pdf}',
      adminDocs['GET /orders/:orderId/items/:itemId/:file{(?:interior|endpapers|cover)\\.pdf}'],
      async (c) => {
        const params = parseParams(c, PrintFileParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const { orderId, itemId, file } = params.value;
        const kind = file.replace(/\.pdf$/, '');
        const order = await placedOrder(db, orderId);
        const returned = order?.returned.get(itemId);
        // A book paid back is handed on no more (#43 item 4): its files are gone for good.
        if (returned)
          return c.json(
            {
              error: `This book was ${returned.state}: it has no print files.`,
            } satisfies ApiError,
            410,
          );
        const [row] = await db
          .select({
            id: printFiles.id,
            bytes: printFiles.bytes,
            orderNumber: placedOrders.orderNumber,
          })
          .from(printFiles)
          .innerJoin(placedOrders, eq(placedOrders.orderId, printFiles.orderId))
          .where(
            and(
              eq(printFiles.orderId, orderId),
              eq(printFiles.itemId, itemId),
              eq(printFiles.kind, kind),
            ),
          );
        if (!row) return notFound(c, 'This print file has not been made.');
        await markHandedOn(db, [row.id], now());
        await recordAudit(
          db,
          actorOf(c),
          {
            action: 'order.printFile',
            targetType: 'order',
            targetId: orderId,
            after: { itemId, file: kind },
          },
          now(),
        );
        return c.body(new Uint8Array(row.bytes), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${safeName(row.orderNumber)}-${safeName(itemId.slice(0, 8))}-${kind}.pdf"`,
        });
      },
    )
    .get(
      '/orders/:orderId/parcel/:file{(?:gift-card|packing-slip)\\.pdf}',
      adminDocs['GET /orders/:orderId/parcel/:file{(?:gift-card|packing-slip)\\.pdf}'],
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const { orderId } = params.value;
        const kind = c.req.param('file').replace(/\.pdf$/, '');
        const [row] = await db
          .select({ bytes: printFiles.bytes, orderNumber: placedOrders.orderNumber })
          .from(printFiles)
          .innerJoin(placedOrders, eq(placedOrders.orderId, printFiles.orderId))
          .where(
            and(
              eq(printFiles.orderId, orderId),
              eq(printFiles.itemId, parcelItemId(orderId)),
              eq(printFiles.kind, kind),
            ),
          );
        if (!row) return notFound(c, 'This print file has not been made.');
        await recordAudit(
          db,
          actorOf(c),
          {
            action: 'order.printFile',
            targetType: 'order',
            targetId: orderId,
            after: { file: kind },
          },
          now(),
        );
        return c.body(new Uint8Array(row.bytes), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${safeName(row.orderNumber)}-${kind}.pdf"`,
        });
      },
    )
    .get('/print-files.zip', adminDocs['GET /print-files.zip'], async (c) => {
      const at = now();
      const entries = await printFilesInProduction(db, at);
      await markHandedOn(
        db,
        entries.map((entry) => entry.id),
        at,
      );
      await recordAudit(
        db,
        actorOf(c),
        { action: 'order.printZip', targetType: 'print_files', after: { files: entries.length } },
        at,
      );
      return c.body(zipStream(db, entries, at), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="storymade-print-${at.toISOString().slice(0, 10)}.zip"`,
      });
    });
}
