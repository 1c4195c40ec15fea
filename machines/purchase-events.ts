// The purchase machine's steps, input, context and events (purchase.ts holds the machine).

import type { FamilyShape } from '#book/family.ts';
import type { BookLanguage, Gender } from '#book/types.ts';
import type { DedicationProblem } from '#book/personalization.ts';
import type { BookName } from '#contract/catalogue.ts';
import type { Language } from '#contract/markets.ts';
import type { OrderableCover } from '#contract/orders.ts';
import type { CharacterRole, PersonalizationDraft } from './purchase-draft.ts';

/** The steps of the flow, in order. `cart` is where a saved book lands; delivery and payment follow later. */
export type FlowStep = 'child' | 'dad' | 'mum' | 'dedication' | 'preview' | 'cover';
export type Destination = FlowStep | 'cart';

export interface PurchaseInput {
  bookName: BookName;
  /** Set when an existing cart item is edited (/…/edit/{orderItemId}). */
  orderItemId: string | null;
  /** The interface language: the shop the order belongs to (its currency and cookie). */
  language: Language;
  /**
   * The book's language (the product page's choice). Defaults to the interface language's book.
   * A loaded draft that has its own (a saved item, a draft kept across a refresh) keeps it.
   */
  bookLanguage?: BookLanguage;
  /**
   * Set when a paid book is changed in its print hold ("Change the book", issue #47): the draft's
   * key in session storage. The flow then has no cover step: the preview saves the change.
   */
  changeKey?: string;
}

export interface PurchaseContext {
  bookName: BookName;
  /** Where the draft lives in session storage: the order item id when editing, else the book name. */
  draftKey: string;
  editing: boolean;
  /** A paid book changed in its print hold: no cover, the preview saves (PurchaseInput changeKey). */
  changing: boolean;
  language: Language;
  /** The book's language: previews, dedication suggestions and the saved item use it. */
  bookLanguage: BookLanguage;
  /** Carries `bookLanguage` too once loaded, so session storage keeps it across a refresh. */
  draft: PersonalizationDraft;
  /** The step a route asked for; the machine decides whether it may be shown. */
  requestedStep: FlowStep;
  /** Name errors show only after Next was pressed with a missing name. */
  showErrors: boolean;
  /** Why the dedication as typed was refused, or 'blank' after Continue with none. */
  dedicationNote: DedicationProblem | null;
  /** The id of the save in progress or last failed (reused on retry so the server saves once). */
  saveRequestId: string | null;
  saveError: boolean;
  /** The last save was refused because this client saved too often (HTTP 429): wait, then retry. */
  saveLimited: boolean;
  /** The last save was refused because the order holds the most books one order can: a new book cannot join it. */
  saveFull: boolean;
  /**
   * Why the server refused a change of a paid book (contract/book-change.ts: 'hold_over',
   * 'handed_on', …, or 'fixed_after_payment'); null otherwise.
   */
  saveRefusal: string | null;
}

export type PurchaseEvent =
  | { type: 'draft.loaded'; draft: PersonalizationDraft }
  | { type: 'draft.failed' }
  | { type: 'language.set'; language: Language }
  | { type: 'route.enter'; step: FlowStep }
  | { type: 'child.setName'; name: string }
  | { type: 'dad.setName'; name: string }
  | { type: 'mum.setName'; name: string }
  | { type: 'child.setGender'; gender: Gender }
  /** Who is in the book, chosen on the child's step (book/family.ts FAMILY_SHAPES). */
  | { type: 'family.setShape'; shape: FamilyShape }
  /** What the child calls the first ('dad') or second ('mum') grown-up: a word of the list or 'name'. */
  | { type: 'dad.setCall'; call: string }
  | { type: 'mum.setCall'; call: string }
  | { type: 'character.select'; role: CharacterRole; category: string; asset: string }
  | { type: 'character.toggleAccessory'; role: CharacterRole; asset: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'dedication.set'; text: string }
  | { type: 'preview.next' }
  | { type: 'cover.select'; cover: OrderableCover; withPdf?: boolean }
  | { type: 'cover.save'; requestId: string }
  | { type: 'save.done'; orderItemId: string }
  /**
   * `limited`: the server refused the save for now (too many saves); `full`: the order holds the
   * most books it can; anything else may be the connection.
   */
  | { type: 'save.failed'; limited?: boolean; full?: boolean; refusal?: string };

export interface SaveRequest {
  draft: PersonalizationDraft;
  language: Language;
  requestId: string;
  /** PUT to this item when set (editing, or a book already saved once), else POST. */
  orderItemId: string | null;
}
