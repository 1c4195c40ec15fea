// The purchase machine's guards (purchase.ts): what a step needs before the flow moves on, and
// whether an event's choice fits the draft.

import type { Category } from '#book/catalogue.ts';
import {
  assetProblem,
  dedicationProblem,
  genderOf,
  isSingleChoice,
  nameProblem,
} from '#book/personalization.ts';
import type { FlowStep, PurchaseContext, PurchaseEvent } from './purchase-events.ts';
import {
  familyOfDraft,
  nameOf,
  type CharacterRole,
  type PersonalizationDraft,
} from './purchase-draft.ts';
import { bodyIn, callFits, callTaken, hasSecond } from './purchase-family.ts';

interface Args {
  context: PurchaseContext;
  event: PurchaseEvent;
}

/** The catalogue a role's options come from: the child's, or the body of the grown-up in that place. */
function catalogueOf(draft: PersonalizationDraft, role: CharacterRole): CharacterRole {
  return role === 'child' ? 'child' : bodyIn(familyOfDraft(draft), role);
}

export const purchaseGuards = {
  /** A paid book changed in its print hold: no cover step, the preview saves. */
  changing: ({ context }: Args) => context.changing,
  familyKept: ({ context }: Args) => context.draft.familyKept === true,
  childNamed: ({ context }: Args) => nameProblem('child', context.draft.child.name) === null,
  dadNamed: ({ context }: Args) => nameProblem('dad', nameOf(context.draft, 'dad')) === null,
  mumNamed: ({ context }: Args) => nameProblem('mum', nameOf(context.draft, 'mum')) === null,
  /** The family has a second grown-up (a second grown-up step). */
  twoGrownUps: ({ context }: Args) => hasSecond(familyOfDraft(context.draft).shape),
  /** The word is one of the book language's words for that grown-up's kind, or 'name'. */
  callFits: ({ context, event }: Args, params: { place: 'dad' | 'mum' }) =>
    (event.type === 'dad.setCall' || event.type === 'mum.setCall') &&
    event.type === `${params.place}.setCall` &&
    callFits(familyOfDraft(context.draft), params.place, context.bookLanguage, event.call) &&
    !callTaken(familyOfDraft(context.draft), params.place, context.bookLanguage, event.call),
  /** Non-blank, at most 10 lines (blank lines count) and within the character bound. */
  dedicationFilled: ({ context }: Args) => {
    const text = context.draft.dedication;
    return text !== null && dedicationProblem(text, { required: true }) === null;
  },
  /** Typing or pasting past 10 lines (or the character bound) is refused. */
  dedicationFits: ({ event }: Args) =>
    event.type === 'dedication.set' && dedicationProblem(event.text, { required: false }) === null,
  choosesGirl: ({ event }: Args) => event.type === 'child.setGender' && event.gender === 'girl',
  choosesBoy: ({ event }: Args) => event.type === 'child.setGender' && event.gender === 'boy',
  /** The option exists for this role and category (and a child's hair fits the child's gender). */
  optionFits: ({ context, event }: Args, params: { role: CharacterRole }) => {
    if (event.type !== 'character.select' || event.role !== params.role) return false;
    const category = event.category as Category;
    if (!isSingleChoice(category)) return false;
    const gender = params.role === 'child' ? genderOf(context.draft.child.gender) : undefined;
    return (
      assetProblem(event.asset, catalogueOf(context.draft, params.role), category, gender) === null
    );
  },
  /** The accessory belongs to this role (one glasses at a time is book's toggleAccessory). */
  accessoryFits: ({ context, event }: Args, params: { role: CharacterRole }) =>
    event.type === 'character.toggleAccessory' &&
    event.role === params.role &&
    assetProblem(event.asset, catalogueOf(context.draft, params.role), 'accessories') === null,
  requests: ({ context }: Args, params: { step: FlowStep }) =>
    context.requestedStep === params.step,
  editing: ({ context }: Args) => context.editing,
};
