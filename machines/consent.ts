import { assign, setup } from 'xstate';

/** The seven consent keys stored under `cookie_consent` (SPEC section 3). */
export const CONSENT_KEYS = [
  'analytics',
  'ads',
  'personalization',
  'user_data',
  'ad_personalization',
  'functionality',
  'security',
] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];
export type ConsentValue = 'granted' | 'denied';
export type ConsentChoice = Record<ConsentKey, ConsentValue>;

/** What a visitor can switch in the settings; `ads` also drives `user_data` and `ad_personalization`. */
export const CONSENT_CATEGORIES = ['analytics', 'ads', 'personalization'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Before any choice: everything denied except security (the Consent Mode default). */
export const DEFAULT_CONSENT: ConsentChoice = {
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'denied',
  security: 'granted',
};

export const ALL_GRANTED: ConsentChoice = {
  analytics: 'granted',
  ads: 'granted',
  personalization: 'granted',
  user_data: 'granted',
  ad_personalization: 'granted',
  functionality: 'granted',
  security: 'granted',
};

/** Accept Essential: only functionality and security. */
export const ESSENTIAL_ONLY: ConsentChoice = {
  ...DEFAULT_CONSENT,
  functionality: 'granted',
  security: 'granted',
};

/** A full choice from the three switches; the essential keys are always granted. */
function consentFromCategories(on: Record<ConsentCategory, boolean>): ConsentChoice {
  const value = (granted: boolean): ConsentValue => (granted ? 'granted' : 'denied');
  return {
    analytics: value(on.analytics),
    ads: value(on.ads),
    personalization: value(on.personalization),
    user_data: value(on.ads),
    ad_personalization: value(on.ads),
    functionality: 'granted',
    security: 'granted',
  };
}

/** The position of the three switches for a choice. */
export function categoriesOf(consent: ConsentChoice): Record<ConsentCategory, boolean> {
  return {
    analytics: consent.analytics === 'granted',
    ads: consent.ads === 'granted',
    personalization: consent.personalization === 'granted',
  };
}

interface CookieConsentContext {
  /** The consent in effect (the seven keys): the default until a choice is made or loaded. */
  consent: ConsentChoice;
  /** The switches while the settings are open. */
  draft: Record<ConsentCategory, boolean>;
  /** True once a choice has been stored (loaded or made): the banner no longer shows. */
  stored: boolean;
}

export type CookieConsentEvent =
  | { type: 'consent.loaded'; stored: ConsentChoice | null }
  | { type: 'consent.acceptAll' }
  | { type: 'consent.acceptEssential' }
  | { type: 'consent.customize' }
  | { type: 'consent.toggle'; category: ConsentCategory }
  | { type: 'consent.save' }
  | { type: 'consent.cancel' }
  | { type: 'consent.reopen' };

/**
 * Cookie consent. `loading` waits for the stored choice (`consent.loaded`); with none the banner
 * shows until the visitor accepts all, accepts essential or saves custom settings. The server's
 * page shows the banner while the choice is loading (a visitor who has chosen never sees it: the
 * page's first script hides it), so a choice pressed then is the visitor's: it is taken, and the
 * stored one, read after it, changes nothing. The settings
 * reopen from the footer; cancel returns to the banner or, when a choice exists, keeps it.
 * Effects are named actions provided by src/: `storeConsent` (write the choice) and
 * `pushConsent` (tell the analytics tag), both called with the consent in effect.
 */
const storeConsent = {
  type: 'storeConsent',
  params: ({ context }: { context: CookieConsentContext }) => context.consent,
} as const;
const pushConsent = {
  type: 'pushConsent',
  params: ({ context }: { context: CookieConsentContext }) => context.consent,
} as const;

/** A choice that closes the banner or the dialog: made, then stored and pushed to analytics. */
const decide = (choice: 'grantAll' | 'grantEssential' | 'commitDraft') =>
  ({ target: 'hidden', actions: [choice, storeConsent, pushConsent] }) as const;

export const cookieConsentMachine = setup({
  types: {
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent,
  },
  actions: {
    storeConsent: (_, _consent: ConsentChoice) => {},
    pushConsent: (_, _consent: ConsentChoice) => {},
    applyStored: assign(({ event }) => {
      if (event.type !== 'consent.loaded' || !event.stored) return {};
      return { consent: event.stored, stored: true };
    }),
    grantAll: assign({ consent: ALL_GRANTED, stored: true }),
    grantEssential: assign({ consent: ESSENTIAL_ONLY, stored: true }),
    startDraft: assign(({ context }) => ({ draft: categoriesOf(context.consent) })),
    toggleDraft: assign(({ context, event }) => {
      if (event.type !== 'consent.toggle') return {};
      return { draft: { ...context.draft, [event.category]: !context.draft[event.category] } };
    }),
    commitDraft: assign(({ context }) => ({
      consent: consentFromCategories(context.draft),
      stored: true,
    })),
  },
  guards: {
    hasStoredChoice: ({ context }) => context.stored,
    loadedAChoice: ({ event }) => event.type === 'consent.loaded' && event.stored !== null,
  },
}).createMachine({
  id: 'cookieConsent',
  context: {
    consent: DEFAULT_CONSENT,
    draft: categoriesOf(DEFAULT_CONSENT),
    stored: false,
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'consent.loaded': [
          {
            guard: 'loadedAChoice',
            target: 'hidden',
            actions: ['applyStored', pushConsent],
          },
          { target: 'banner' },
        ],
        'consent.acceptAll': decide('grantAll'),
        'consent.acceptEssential': decide('grantEssential'),
        'consent.customize': { target: 'customizing', actions: 'startDraft' },
      },
    },
    banner: {
      on: {
        'consent.acceptAll': decide('grantAll'),
        'consent.acceptEssential': decide('grantEssential'),
        'consent.customize': { target: 'customizing', actions: 'startDraft' },
        'consent.reopen': { target: 'customizing', actions: 'startDraft' },
      },
    },
    customizing: {
      on: {
        'consent.toggle': { actions: 'toggleDraft' },
        'consent.save': decide('commitDraft'),
        'consent.cancel': [{ guard: 'hasStoredChoice', target: 'hidden' }, { target: 'banner' }],
      },
    },
    hidden: {
      on: {
        'consent.reopen': { target: 'customizing', actions: 'startDraft' },
      },
    },
  },
});
