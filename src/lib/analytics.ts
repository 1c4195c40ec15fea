import {
  DEFAULT_CONSENT,
  type ConsentChoice,
  type ConsentKey,
  type ConsentValue,
} from '#machines/consent.ts';

/**
 * Google Analytics with Consent Mode v2. The Consent Mode default (everything denied except
 * security) goes into the data layer before anything else; every change of the visitor's choice
 * is pushed as a consent update. The tag script (gtag.js) is requested only when a measurement id
 * is configured AND analytics consent is granted, so no third-party request happens before
 * consent, and never without an id.
 */

type ConsentModeKey =
  | 'analytics_storage'
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'personalization_storage'
  | 'functionality_storage'
  | 'security_storage';
type ConsentModeState = Record<ConsentModeKey, ConsentValue>;

/** Our stored keys (SPEC) and the Consent Mode names they stand for. */
const CONSENT_MODE_NAMES: Record<ConsentKey, ConsentModeKey> = {
  analytics: 'analytics_storage',
  ads: 'ad_storage',
  user_data: 'ad_user_data',
  ad_personalization: 'ad_personalization',
  personalization: 'personalization_storage',
  functionality: 'functionality_storage',
  security: 'security_storage',
};

function toConsentMode(consent: ConsentChoice): ConsentModeState {
  const state = {} as ConsentModeState;
  for (const [key, name] of Object.entries(CONSENT_MODE_NAMES) as Array<
    [ConsentKey, ConsentModeKey]
  >) {
    state[name] = consent[key];
  }
  return state;
}

/** The analytics events of SPEC section 7 and their fixed parameters. */
const ANALYTICS_EVENTS = {
  subscribe_button_home: { event_category: 'engagement' },
  form_submission: { event_category: 'lead', event_label: 'contact_form' },
} as const;
type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
type AnalyticsParams = Record<string, string | number | boolean>;

const GTAG_SCRIPT_ID = 'google-tag';
const GTAG_ORIGIN = 'https://www.googletagmanager.com';
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export interface Analytics {
  /** Puts the Consent Mode default into the data layer; later calls do nothing. */
  init(): void;
  /** Pushes a consent update; loads the tag once analytics is granted (and an id is configured). */
  updateConsent(consent: ConsentChoice): void;
  /** Sends an event when the tag is loaded and analytics is granted; returns whether it was sent. */
  trackEvent(name: AnalyticsEventName, params?: AnalyticsParams): boolean;
  /** True once the tag script has been added to the page. */
  hasTag(): boolean;
}

export function createAnalytics(measurementId: string | undefined): Analytics {
  const id = measurementId?.trim().toUpperCase() || undefined;
  const validId = id && MEASUREMENT_ID.test(id) ? id : undefined;
  if (id && !validId)
    console.warn(`Ignoring the analytics measurement id "${id}": expected G-XXXXXXXXXX.`);
  let initialised = false;
  let analyticsGranted = false;

  // The official snippet's function: gtag.js reads `arguments` objects from the data layer.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    (window.dataLayer ??= []).push(arguments);
  };

  function init() {
    if (initialised) return;
    initialised = true;
    window.dataLayer ??= [];
    window.gtag = gtag;
    gtag('consent', 'default', toConsentMode(DEFAULT_CONSENT));
  }

  function hasTag() {
    return document.getElementById(GTAG_SCRIPT_ID) !== null;
  }

  function loadTag(measurement: string) {
    if (hasTag()) return;
    const script = document.createElement('script');
    script.id = GTAG_SCRIPT_ID;
    script.async = true;
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurement)}`;
    document.head.append(script);
    gtag('js', new Date());
    gtag('config', measurement);
  }

  return {
    init,
    hasTag,
    updateConsent(consent) {
      init();
      const wasGranted = analyticsGranted;
      analyticsGranted = consent.analytics === 'granted';
      gtag('consent', 'update', toConsentMode(consent));
      if (analyticsGranted && validId) loadTag(validId);
      if (wasGranted && !analyticsGranted) clearAnalyticsCookies();
    },
    trackEvent(name, params = {}) {
      if (!analyticsGranted || !validId || !hasTag()) return false;
      gtag('event', name, { ...ANALYTICS_EVENTS[name], ...params });
      return true;
    },
  };
}

/** Removes Google Analytics cookies (_ga, _ga_<id>, _gid, _gat) when analytics consent is withdrawn. */
function clearAnalyticsCookies() {
  const host = window.location.hostname;
  const labels = host.split('.');
  const domains = new Set(['', host, `.${host}`]);
  if (labels.length > 2) domains.add(`.${labels.slice(-2).join('.')}`);
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name || !/^(_ga|_gid|_gat)/.test(name)) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}

/** The shop's analytics, configured by VITE_GA_MEASUREMENT_ID at build time (GA_MEASUREMENT_ID also works). */
export const analytics: Analytics = createAnalytics(
  import.meta.env.VITE_GA_MEASUREMENT_ID as string | undefined,
);

/** Sends one of the SPEC's analytics events; does nothing without the tag or without consent. */
export function trackEvent(name: AnalyticsEventName, params?: AnalyticsParams): boolean {
  return analytics.trackEvent(name, params);
}
