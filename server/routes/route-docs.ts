import * as admin from '#contract/admin.ts';
import * as adminOrders from '#contract/admin-orders.ts';
import { RefundRequestSchema } from '#contract/admin-refunds.ts';
import {
  CountriesQuerySchema,
  CountriesSchema,
  CoverOptionsQuerySchema,
  CoverOptionsSchema,
} from '#contract/catalogue.ts';
import { DeliveryDetailsSchema, DeliveryPayloadSchema } from '#contract/checkout.ts';
import { ContactRequestSchema } from '#contract/contact.ts';
import { DigitalStatusSchema, NewLinksResponseSchema } from '#contract/digital.ts';
import { AdminPrintStatusSchema } from '#contract/fulfilment.ts';
import { GiftMessageSchema } from '#contract/gift.ts';
import { OrderStatusSchema } from '#contract/order-status.ts';
import {
  BookChangeErrorSchema,
  BookChangeResponseSchema,
  PaidBookSchema,
} from '#contract/book-change.ts';
import { SavePayloadSchema } from '#contract/orders.ts';
import {
  InitiatePaymentRequestSchema,
  InitiatePaymentResponseSchema,
  PaymentErrorSchema,
  VerifiedPaymentSchema,
  VerifyPaymentRequestSchema,
} from '#contract/payments.ts';
import { PersonalDataRequestSchema } from '#contract/personal-data.ts';
import { PreviewDedicationRequestSchema, PreviewImageRequestSchema } from '#contract/preview.ts';
import {
  AdminReviewsQuerySchema,
  ReviewConsentSchema,
  ReviewDecisionSchema,
  ReviewListQuerySchema,
  ReviewSubmissionSchema,
} from '#contract/reviews.ts';
import { ShopInfoSchema, ShopQuerySchema } from '#contract/shop.ts';
import {
  QuestionnaireRequestSchema,
  SubscribeRequestSchema,
  SubscriptionStatusSchema,
} from '#contract/subscriptions.ts';
import { doc } from './openapi.ts';

/**
 * The OpenAPI description of each route but the orders' (routes/orders.ts carries its own), by
 * `METHOD path` as the route's file declares it; each route puts its entry before its handler.
 * 'seed' marks the calls of SPEC.md section 7.
 */
const IMAGE = { media: 'image/webp' };
const PDF = { media: 'application/pdf' };

export const routeDocs = {
  'GET /health': doc({
    summary: 'Liveness and the database',
    tags: ['meta'],
    responses: { 200: 'Up', 503: 'The database does not answer' },
  }),
  'GET /health/live': doc({
    summary: 'Liveness: the process answers (a restart is the cure when it does not)',
    tags: ['meta'],
    responses: { 200: 'The process answers' },
  }),
  'GET /health/ready': doc({
    summary: 'Readiness: the database answers, the job runner runs, the render workers are open',
    tags: ['meta'],
    responses: { 200: 'Ready for visitors', 503: 'Not ready: send visitors elsewhere' },
  }),
  'GET /metrics': doc({
    summary: 'Prometheus metrics, for a scraper holding the bearer token METRICS_TOKEN',
    tags: ['meta'],
    responses: {
      200: ['The Prometheus text format', { media: 'text/plain' }],
      401: 'No or a wrong bearer token',
      404: 'No METRICS_TOKEN configured: the route does not exist',
    },
  }),
  'GET /product/coverOptions': doc({
    summary: 'The covers on sale and their prices',
    tags: ['catalogue', 'seed'],
    query: CoverOptionsQuerySchema,
    responses: {
      200: ['Cover options, amounts in the currency', CoverOptionsSchema],
      400: 'Invalid query',
    },
  }),
  'GET /delivery/countries': doc({
    summary: 'The countries delivered to, with cost and time',
    tags: ['catalogue', 'seed'],
    query: CountriesQuerySchema,
    responses: { 200: ['Countries', CountriesSchema], 400: 'Invalid query' },
  }),
  'GET /shop': doc({
    summary: 'The company, payment methods and prices the pages quote',
    tags: ['catalogue'],
    query: ShopQuerySchema,
    responses: { 200: ['Shop facts', ShopInfoSchema], 400: 'Invalid query' },
  }),
  'GET /preview/images/:file': doc({
    summary: 'A rendered preview image by its content hash',
    tags: ['preview'],
    responses: { 200: ['The image', IMAGE], 404: 'Unknown image' },
  }),
  'POST /preview/generateImage': doc({
    summary: 'Render a page of the book',
    tags: ['preview', 'seed'],
    body: PreviewImageRequestSchema,
    responses: {
      200: ['The page', IMAGE],
      400: 'Invalid fields',
      429: 'Too many renders',
      503: 'The renderer is busy',
    },
  }),
  'POST /preview/generateDedicationImage': doc({
    summary: 'Render the dedication page',
    tags: ['preview', 'seed'],
    body: PreviewDedicationRequestSchema,
    responses: {
      200: ['The page', IMAGE],
      400: 'Invalid fields',
      429: 'Too many renders',
      503: 'The renderer is busy',
    },
  }),
  'POST /Subscriptions': doc({
    summary: 'Subscribe to the newsletter',
    tags: ['newsletter', 'seed'],
    body: SubscribeRequestSchema,
    responses: {
      200: 'The subscriber id (a JSON string)',
      400: 'Invalid fields',
      429: 'Too many sign-ups',
    },
  }),
  'POST /subscriptions/confirm/:token': doc({
    summary: 'Confirm a subscription',
    tags: ['newsletter', 'seed'],
    responses: { 200: ['Confirmed', SubscriptionStatusSchema], 404: 'Unknown token' },
  }),
  'POST /subscriptions/unsubscribe/:token': doc({
    summary: 'Unsubscribe',
    tags: ['newsletter', 'seed'],
    responses: { 200: ['Unsubscribed', SubscriptionStatusSchema], 404: 'Unknown token' },
  }),
  'POST /QuestionnaireResponses': doc({
    summary: 'Submit the survey',
    tags: ['newsletter', 'seed'],
    body: QuestionnaireRequestSchema,
    responses: { 201: 'Stored', 200: 'Stored', 400: 'Invalid fields', 404: 'Unknown subscriber' },
  }),
  'POST /contact': doc({
    summary: 'Send a message to the shop',
    tags: ['contact'],
    body: ContactRequestSchema,
    responses: { 200: 'Sent', 201: 'Sent', 400: 'Invalid fields', 429: 'Too many messages' },
  }),
  'POST /order/:orderId/delivery-address': doc({
    summary: 'Save the delivery details',
    tags: ['checkout', 'seed'],
    body: DeliveryPayloadSchema,
    responses: {
      200: ['The saved details', DeliveryDetailsSchema],
      400: 'Invalid fields',
      403: 'Not the cart of this browser',
      404: 'Unknown order',
      409: 'The order is paid',
    },
  }),
  'GET /delivery/:orderId': doc({
    summary: 'Read the delivery details',
    tags: ['checkout', 'seed'],
    responses: {
      200: ['The details', DeliveryDetailsSchema],
      403: 'Not the cart of this browser, or a paid order',
      404: 'Unknown order or none saved',
    },
  }),
  'GET /order/:orderId/status': doc({
    summary: "The order's status",
    tags: ['orders', 'seed'],
    responses: {
      200: ['The status, amounts in the currency', OrderStatusSchema],
      404: 'Unknown order',
    },
  }),
  'GET /order/:orderId/books/:place': doc({
    summary: 'A paid book to change in its print hold',
    description:
      "Change the book (issue #47): the paid book at its place in the order (1, 2, …), in the cart item's shape, while the change window after payment lasts.",
    tags: ['orders'],
    responses: {
      200: ['The book, the end of the window and the changes left', PaidBookSchema],
      404: 'No such book in a paid order',
      409: ['The book can no longer be changed (the code says why)', BookChangeErrorSchema],
    },
  }),
  'PUT /order/:orderId/books/:place': doc({
    summary: 'Change a paid book in its print hold',
    description:
      'Checked as a cart save; the cover, the PDF, the languages and the price stay as paid for. The print files, the proof, the invoice line and a mail follow.',
    tags: ['orders'],
    body: SavePayloadSchema,
    responses: {
      200: ['What changed (field names) and the changes left', BookChangeResponseSchema],
      400: 'Invalid fields, or a field fixed after payment (code fixed_after_payment)',
      404: 'No such book in a paid order',
      409: ['The book can no longer be changed (the code says why)', BookChangeErrorSchema],
      429: 'Too many writes',
    },
  }),
  'GET /order/:orderId/items/:itemId/:file{cover\\.(?:webp|jpg)}': doc({
    summary: "A paid book's cover picture",
    tags: ['orders'],
    responses: {
      200: ['The cover (cover.webp or cover.jpg)', IMAGE],
      404: 'No such book in a paid order',
    },
  }),
  'POST /payment/initiate': doc({
    summary: 'Start paying for the order',
    tags: ['payments', 'seed'],
    body: InitiatePaymentRequestSchema,
    responses: {
      200: ['Where to send the browser', InitiatePaymentResponseSchema],
      400: 'Invalid fields',
      404: 'Unknown order',
      409: ['Not payable now', PaymentErrorSchema],
      502: ['The provider failed', PaymentErrorSchema],
      503: ['Payments unavailable', PaymentErrorSchema],
    },
  }),
  'POST /payment/verify': doc({
    summary: "Ask the provider for a payment's state",
    tags: ['payments', 'seed'],
    body: VerifyPaymentRequestSchema,
    responses: {
      200: ['Paid', VerifiedPaymentSchema],
      402: ['Not paid', PaymentErrorSchema],
      404: ['Unknown reference', PaymentErrorSchema],
      409: ['Pending or in review', PaymentErrorSchema],
    },
  }),
  'GET /payment/callback': doc({
    summary: "The provider's notification (EveryPay)",
    tags: ['payments'],
    responses: { 200: 'Received' },
  }),
  'POST /payment/callback': doc({
    summary: "The provider's notification (EveryPay)",
    tags: ['payments'],
    bodyMedia: 'application/x-www-form-urlencoded',
    responses: { 200: 'Received' },
  }),
  'POST /print-partner/webhook': doc({
    summary: "The print partner's notice that a job changed (signed; the job is read back)",
    tags: ['fulfilment'],
    responses: {
      200: 'Received',
      401: 'Not signed by the partner',
      404: 'No partner configured',
      503: 'The partner cannot be asked now: call again',
    },
  }),
  'GET /print-files/:id/:expires/:signature/:name': doc({
    summary: 'A print file by its signed, expiring link (fetched by the print partner)',
    tags: ['fulfilment'],
    responses: { 200: ['The PDF', PDF], 404: 'Unknown, forged or expired link' },
  }),
  'GET /reviews': doc({
    summary: 'Published reviews',
    tags: ['reviews'],
    query: ReviewListQuerySchema,
    responses: { 200: 'Reviews', 400: 'Invalid query' },
  }),
  'GET /reviews/form/:token': doc({
    summary: "A review form's state",
    tags: ['reviews'],
    responses: { 200: 'The form', 404: 'Unknown token' },
  }),
  'POST /reviews/form/:token': doc({
    summary: 'Submit a review',
    tags: ['reviews'],
    body: ReviewSubmissionSchema,
    responses: {
      200: 'Stored',
      201: 'Stored',
      400: 'Invalid fields',
      404: 'Unknown token',
      409: 'Already reviewed',
    },
  }),
  'POST /reviews/stop/:token': doc({
    summary: 'Ask for no more review mails',
    tags: ['reviews'],
    responses: { 200: 'Stopped', 204: 'Stopped', 404: 'Unknown token' },
  }),
  'GET /reviews/:id/photo.webp': doc({
    summary: "A published review's photo",
    tags: ['reviews'],
    responses: { 200: ['The photo', IMAGE], 404: 'Unknown photo' },
  }),
  'GET /order/:orderId/review-consent': doc({
    summary: 'Whether the buyer agreed to a review mail',
    tags: ['reviews'],
    responses: { 200: 'The consent', 403: 'Not the cart of this browser', 404: 'Unknown order' },
  }),
  'PUT /order/:orderId/review-consent': doc({
    summary: 'Agree to, or refuse, a review mail',
    tags: ['reviews'],
    body: ReviewConsentSchema,
    responses: {
      200: 'Saved',
      400: 'Invalid fields',
      403: 'Not the cart of this browser',
      404: 'Unknown order',
    },
  }),
  'POST /order/:orderId/documents/resend': doc({
    summary: 'Mail the invoice and credit notes again',
    tags: ['orders'],
    responses: {
      200: 'Queued',
      202: 'Queued',
      404: 'Unknown or unpaid order',
      429: 'Too many resends',
    },
  }),
  'GET /order/:orderId/documents/:file': doc({
    summary: 'An invoice or credit note (signed link from a mail)',
    tags: ['orders'],
    responses: { 200: ['The PDF', PDF], 403: 'Bad or expired link', 404: 'Unknown document' },
  }),
  'GET /digital/:token': doc({
    summary: 'Download a digital edition (signed link)',
    tags: ['digital'],
    responses: {
      200: ['The PDF', PDF],
      404: 'Unknown or expired link',
      410: 'No longer available',
    },
  }),
  'GET /order/:orderId/digital': doc({
    summary: "A paid order's digital editions",
    tags: ['digital'],
    responses: { 200: ['The editions', DigitalStatusSchema], 404: 'Unknown order' },
  }),
  'POST /order/:orderId/digital/links': doc({
    summary: 'Mail fresh download links',
    tags: ['digital'],
    responses: {
      200: ['Sent', NewLinksResponseSchema],
      404: 'Unknown order',
      429: 'Too many requests',
    },
  }),
  'GET /order/:orderId/gift': doc({
    summary: "A gift's card message (signed link)",
    tags: ['gift'],
    responses: { 200: ['The message', GiftMessageSchema], 404: 'Unknown order or link' },
  }),
} as const;

/** The back office (routes/admin/): behind the staff session; its amounts are integer minor units. */
export const adminDocs = {
  'POST /session': doc({
    summary: 'Sign in',
    tags: ['admin'],
    body: admin.SignInRequestSchema,
    responses: {
      200: 'Signed in (session cookie)',
      400: 'Invalid fields',
      401: 'Wrong e-mail or password',
      429: 'Too many tries',
    },
  }),
  'GET /session': doc({
    summary: 'The signed-in staff member',
    tags: ['admin'],
    responses: { 200: 'The session', 401: 'Not signed in' },
  }),
  'DELETE /session': doc({
    summary: 'Sign out',
    tags: ['admin'],
    responses: { 200: 'Signed out', 204: 'Signed out' },
  }),
  'POST /password': doc({
    summary: 'Change the password',
    tags: ['admin'],
    body: admin.PasswordChangeRequestSchema,
    responses: { 200: 'Changed', 204: 'Changed', 400: 'Invalid fields', 401: 'Not signed in' },
  }),
  'GET /messages': doc({
    summary: 'Contact messages',
    tags: ['admin'],
    query: admin.MessagesQuerySchema,
    responses: { 200: 'Messages', 401: 'Not signed in' },
  }),
  'PATCH /messages/:messageId': doc({
    summary: 'Mark a message',
    tags: ['admin'],
    body: admin.MessageUpdateRequestSchema,
    responses: { 200: 'Updated', 401: 'Not signed in', 404: 'Unknown message' },
  }),
  'GET /dashboard': doc({
    summary: 'The dashboard',
    tags: ['admin'],
    responses: { 200: 'Figures (minor units)', 401: 'Not signed in' },
  }),
  'GET /orders': doc({
    summary: 'Orders',
    tags: ['admin'],
    query: adminOrders.OrdersQuerySchema,
    responses: { 200: 'Orders (minor units)', 401: 'Not signed in' },
  }),
  'GET /orders/:orderId': doc({
    summary: 'An order',
    tags: ['admin'],
    responses: { 200: 'The order (minor units)', 401: 'Not signed in', 404: 'Unknown order' },
  }),
  'POST /orders/:orderId/status': doc({
    summary: 'Move an order on',
    tags: ['admin'],
    body: adminOrders.StatusChangeRequestSchema,
    responses: {
      200: 'Moved',
      400: 'Invalid fields',
      401: 'Not signed in',
      404: 'Unknown order',
      409: 'Not a move from its status',
    },
  }),
  'POST /orders/:orderId/print-files': doc({
    summary: 'Make the print files again',
    tags: ['admin'],
    responses: { 200: 'Queued', 202: 'Queued', 401: 'Not signed in', 404: 'Unknown order' },
  }),
  'GET /orders/:orderId/items/:itemId/:file{(?:interior|endpapers|cover)\\.pdf}': doc({
    summary: "A book's print file",
    tags: ['admin'],
    responses: { 200: ['The PDF', PDF], 401: 'Not signed in', 404: 'Unknown file' },
  }),
  'GET /orders/:orderId/parcel/:file{(?:gift-card|packing-slip)\\.pdf}': doc({
    summary: "A parcel's gift card or packing slip",
    tags: ['admin'],
    responses: { 200: ['The PDF', PDF], 401: 'Not signed in', 404: 'Unknown file' },
  }),
  'GET /orders/:orderId/print-partner': doc({
    summary: "An order's hand-off to the print partner",
    tags: ['admin'],
    responses: {
      200: ['The hand-off', AdminPrintStatusSchema],
      401: 'Not signed in',
      404: 'Unknown order',
    },
  }),
  'POST /orders/:orderId/print-partner/retry': doc({
    summary: 'Hand a failed or cancelled order on to the print partner again',
    tags: ['admin'],
    responses: {
      202: ['Queued', AdminPrintStatusSchema],
      401: 'Not signed in',
      404: 'Unknown order or no hand-off',
      409: 'Not failed or cancelled, or the order is closed',
    },
  }),
  'POST /orders/:orderId/print-partner/cancel': doc({
    summary: 'Cancel the print job at the partner (before production)',
    tags: ['admin'],
    responses: {
      200: ['Cancelled', AdminPrintStatusSchema],
      401: 'Not signed in',
      404: 'Unknown order or no hand-off',
      409: 'Already printing, or nothing to cancel',
      502: 'The partner cannot be asked now',
    },
  }),
  'GET /print-files.zip': doc({
    summary: 'Print files of the orders to print, zipped',
    tags: ['admin'],
    responses: { 200: ['The archive', { media: 'application/zip' }], 401: 'Not signed in' },
  }),
  'POST /orders/:orderId/refunds': doc({
    summary: 'Refund books or the order',
    tags: ['admin'],
    body: RefundRequestSchema,
    responses: {
      200: 'Refunded (minor units)',
      400: 'Invalid fields',
      401: 'Not signed in',
      404: 'Unknown order',
      409: 'Not refundable',
    },
  }),
  'POST /orders/:orderId/refunds/preview': doc({
    summary: 'What a refund would pay back',
    tags: ['admin'],
    body: RefundRequestSchema,
    responses: {
      200: 'The amounts (minor units)',
      400: 'Invalid fields',
      401: 'Not signed in',
      404: 'Unknown order',
    },
  }),
  'GET /orders/:orderId/documents/:file': doc({
    summary: 'An invoice or credit note',
    tags: ['admin'],
    responses: { 200: ['The PDF', PDF], 401: 'Not signed in', 404: 'Unknown document' },
  }),
  'POST /payment-alerts/:id': doc({
    summary: 'Act on a payment alert',
    tags: ['admin'],
    body: adminOrders.PaymentAlertActionSchema,
    responses: { 200: 'Done', 400: 'Invalid fields', 401: 'Not signed in', 404: 'Unknown alert' },
  }),
  'GET /staff': doc({
    summary: 'Staff',
    tags: ['admin'],
    responses: { 200: 'Staff', 401: 'Not signed in', 403: 'Owners only' },
  }),
  'POST /staff': doc({
    summary: 'Add a staff member',
    tags: ['admin'],
    body: admin.NewStaffRequestSchema,
    responses: {
      201: 'Added',
      400: 'Invalid fields',
      401: 'Not signed in',
      403: 'Owners only',
      409: 'Already staff',
    },
  }),
  'DELETE /staff/:staffId': doc({
    summary: 'Remove a staff member',
    tags: ['admin'],
    responses: {
      200: 'Removed',
      204: 'Removed',
      401: 'Not signed in',
      403: 'Owners only',
      404: 'Unknown staff',
    },
  }),
  'GET /audit': doc({
    summary: 'The audit log',
    tags: ['admin'],
    query: admin.AuditQuerySchema,
    responses: { 200: 'Entries', 401: 'Not signed in' },
  }),
  'GET /subscribers': doc({
    summary: 'Newsletter subscribers',
    tags: ['admin'],
    query: admin.SubscribersQuerySchema,
    responses: { 200: 'Subscribers', 401: 'Not signed in' },
  }),
  'GET /subscribers/confirmed.csv': doc({
    summary: 'Confirmed subscribers as CSV',
    tags: ['admin'],
    responses: { 200: ['CSV', { media: 'text/csv' }], 401: 'Not signed in' },
  }),
  'GET /survey': doc({
    summary: 'Survey answers',
    tags: ['admin'],
    responses: { 200: 'Answers', 401: 'Not signed in' },
  }),
  'POST /personal-data/export': doc({
    summary: "Export a person's data",
    tags: ['admin'],
    body: PersonalDataRequestSchema,
    responses: {
      200: "The person's data (minor units)",
      400: 'Invalid fields',
      401: 'Not signed in',
    },
  }),
  'POST /personal-data/erase': doc({
    summary: "Erase a person's data",
    tags: ['admin'],
    body: PersonalDataRequestSchema,
    responses: { 200: 'Erased', 400: 'Invalid fields', 401: 'Not signed in' },
  }),
  'GET /reviews': doc({
    summary: 'Reviews to moderate',
    tags: ['admin'],
    query: AdminReviewsQuerySchema,
    responses: { 200: 'Reviews', 401: 'Not signed in' },
  }),
  'PATCH /reviews/:id': doc({
    summary: 'Publish or hide a review',
    tags: ['admin'],
    body: ReviewDecisionSchema,
    responses: {
      200: 'Updated',
      400: 'Invalid fields',
      401: 'Not signed in',
      404: 'Unknown review',
    },
  }),
  'GET /reviews/:id/photo.webp': doc({
    summary: "A review's photo",
    tags: ['admin'],
    responses: { 200: ['The photo', IMAGE], 401: 'Not signed in', 404: 'Unknown photo' },
  }),
} as const;
