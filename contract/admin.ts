import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { LANGUAGES, type Language } from './markets.ts';

// ---- Staff and sign-in --------------------------------------------------------------------

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;

/** The header that carries the session's CSRF token on every state-changing admin call. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** POST /api/admin/session. The password is not trimmed; its length is checked only when set. */
export const SignInRequestSchema = v.object({
  email: EmailSchema,
  password: v.pipe(
    v.string('Password is required.'),
    v.nonEmpty('Password is required.'),
    v.maxLength(PASSWORD_MAX_LENGTH, 'Password is too long.'),
  ),
});
export type SignInRequest = v.InferInput<typeof SignInRequestSchema>;

export const NewPasswordSchema = v.pipe(
  v.string('A new password is required.'),
  v.minLength(PASSWORD_MIN_LENGTH, `A password has at least ${PASSWORD_MIN_LENGTH} characters.`),
  v.maxLength(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`),
);

/** POST /api/admin/password. */
export const PasswordChangeRequestSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string('Your current password is required.'),
      v.nonEmpty('Your current password is required.'),
    ),
    newPassword: NewPasswordSchema,
  }),
  v.forward(
    v.check(
      (input) => input.currentPassword !== input.newPassword,
      'Choose a password different from the current one.',
    ),
    ['newPassword'],
  ),
);
export type PasswordChangeRequest = v.InferInput<typeof PasswordChangeRequestSchema>;

/** POST /api/admin/staff (owners only). */
export const NewStaffRequestSchema = v.object({
  email: EmailSchema,
  role: v.picklist(STAFF_ROLES, 'Role must be owner or staff.'),
});
export type NewStaffRequest = v.InferInput<typeof NewStaffRequestSchema>;

export const StaffIdParamsSchema = v.object({
  staffId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
});

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  mustChangePassword: boolean;
  createdAt: string;
}

/** GET/POST /api/admin/session: who is signed in, and the token for X-CSRF-Token. */
export interface AdminSession {
  staff: StaffMember;
  csrfToken: string;
  expiresAt: string;
}

/** POST /api/admin/staff: the new account and its one-time password (shown once). */
export interface NewStaffResponse {
  staff: StaffMember;
  oneTimePassword: string;
}

// ---- Paging ---------------------------------------------------------------------------------

const PageSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'page must be a positive number.'),
    v.transform(Number),
    v.minValue(1, 'page must be a positive number.'),
  ),
  '1',
);

export interface Paged<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
}

// ---- Audit log ----------------------------------------------------------------------------

export const AuditQuerySchema = v.object({ page: PageSchema });

export interface AuditEntry {
  id: number;
  staffEmail: string;
  /** The client address the action came from; null for the command line and jobs. */
  clientAddress: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

// ---- Community ------------------------------------------------------------------------------

export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export const SubscribersQuerySchema = v.object({
  state: v.optional(
    v.picklist(SUBSCRIBER_STATES, 'state must be pending, confirmed or unsubscribed.'),
  ),
  language: v.optional(v.picklist(LANGUAGES, 'language must be lv, en-GB or en-US.')),
  page: PageSchema,
});

export interface SubscriberRow {
  email: string;
  language: Language;
  state: SubscriberState;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** GET /api/admin/subscribers: the counts by state and language, and one page of subscribers. */
export interface SubscribersResponse extends Paged<SubscriberRow> {
  counts: { state: SubscriberState; language: Language; count: number }[];
}

/** GET /api/admin/survey: questions 1-5 as answers per option, question 6 as the average rank. */
export interface SurveyResults {
  responses: number;
  questions: {
    id: number;
    name: string;
    answered: number;
    options: { option: string; count: number }[];
  }[];
  ranking: {
    id: number;
    name: string;
    answered: number;
    options: { option: string; averageRank: number | null }[];
  };
}

const MESSAGE_STATES = ['open', 'handled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MessagesQuerySchema = v.object({
  state: v.optional(v.picklist(MESSAGE_STATES, 'state must be open or handled.'), 'open'),
  page: PageSchema,
});

export const MessageIdParamsSchema = v.object({
  messageId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
});

/** PATCH /api/admin/messages/{id}. */
export const MessageUpdateRequestSchema = v.object({
  handled: v.boolean('handled must be true or false.'),
});

export interface ContactMessageRow {
  id: number;
  fromName: string;
  email: string;
  message: string;
  language: Language | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export interface MessagesResponse extends Paged<ContactMessageRow> {
  open: number;
  handled: number;
}
