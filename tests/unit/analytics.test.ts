import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_GRANTED, ESSENTIAL_ONLY, type ConsentChoice } from '#machines/consent.ts';
import { createAnalytics, trackEvent } from '#src/lib/analytics.ts';
import { CONSENT_STORAGE_KEY, readConsent, writeConsent } from '#src/lib/consent-storage.ts';

/** The data layer as plain arrays (gtag pushes `arguments` objects). */
const calls = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const tagScript = () =>
  document.querySelector<HTMLScriptElement>('script[src*="googletagmanager.com"]');

const DENIED_EXCEPT_SECURITY = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  personalization_storage: 'denied',
  functionality_storage: 'denied',
  security_storage: 'granted',
};

beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
});
afterEach(() => {
  tagScript()?.remove();
  delete window.gtag;
});

describe('analytics with Consent Mode v2', () => {
  it('puts the default (all denied except security) first, once', () => {
    const analytics = createAnalytics('G-TEST1234');
    analytics.init();
    analytics.init();
    expect(calls()).toEqual([['consent', 'default', DENIED_EXCEPT_SECURITY]]);
    expect(tagScript()).toBeNull();
  });

  it('maps every stored key to its Consent Mode name on update', () => {
    const analytics = createAnalytics('G-TEST1234');
    const choice: ConsentChoice = {
      ...ESSENTIAL_ONLY,
      ads: 'granted',
      user_data: 'granted',
      ad_personalization: 'granted',
    };
    analytics.updateConsent(choice);
    expect(calls()).toEqual([
      ['consent', 'default', DENIED_EXCEPT_SECURITY],
      [
        'consent',
        'update',
        {
          analytics_storage: 'denied',
          ad_storage: 'granted',
          ad_user_data: 'granted',
          ad_personalization: 'granted',
          personalization_storage: 'denied',
          functionality_storage: 'granted',
          security_storage: 'granted',
        },
      ],
    ]);
    expect(tagScript()).toBeNull(); // no analytics consent: nothing from Google
  });

  it('loads the tag only with an id and analytics consent, then sends the SPEC events', () => {
    const analytics = createAnalytics('G-TEST1234');
    analytics.init();
    expect(analytics.trackEvent('subscribe_button_home')).toBe(false);
    analytics.updateConsent(ALL_GRANTED);
    expect(tagScript()?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    expect(tagScript()?.async).toBe(true);
    expect(analytics.trackEvent('subscribe_button_home')).toBe(true);
    expect(analytics.trackEvent('form_submission')).toBe(true);
    const later = calls().slice(2);
    expect(later[0]?.[0]).toBe('js');
    expect(later[1]).toEqual(['config', 'G-TEST1234']);
    expect(later.slice(2)).toEqual([
      ['event', 'subscribe_button_home', { event_category: 'engagement' }],
      ['event', 'form_submission', { event_category: 'lead', event_label: 'contact_form' }],
    ]);
    // Withdrawing consent: an update, and no further events.
    analytics.updateConsent(ESSENTIAL_ONLY);
    expect(calls().at(-1)).toEqual([
      'consent',
      'update',
      { ...DENIED_EXCEPT_SECURITY, functionality_storage: 'granted' },
    ]);
    expect(analytics.trackEvent('form_submission')).toBe(false);
    expect(document.querySelectorAll('script[src*="googletagmanager.com"]')).toHaveLength(1);
  });

  it('never loads the tag without a measurement id (or with a malformed one)', () => {
    for (const id of [undefined, '', 'UA-123-4']) {
      const analytics = createAnalytics(id);
      analytics.updateConsent(ALL_GRANTED);
      expect(tagScript()).toBeNull();
      expect(analytics.trackEvent('subscribe_button_home')).toBe(false);
    }
    // The app's own instance is built without an id in tests.
    expect(trackEvent('form_submission')).toBe(false);
  });

  it('clears Google Analytics cookies when analytics consent is withdrawn', () => {
    const analytics = createAnalytics('G-TEST1234');
    analytics.updateConsent(ALL_GRANTED);
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_ga_TEST1234=GS1.1; path=/';
    document.cookie = 'LANGUAGE_CODE=lv; path=/';
    analytics.updateConsent(ESSENTIAL_ONLY);
    expect(document.cookie).toBe('LANGUAGE_CODE=lv');
  });
});

describe('consent storage (cookie_consent)', () => {
  it('stores the seven keys as granted/denied JSON and reads them back', () => {
    writeConsent(ESSENTIAL_ONLY);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      analytics: 'denied',
      ads: 'denied',
      personalization: 'denied',
      user_data: 'denied',
      ad_personalization: 'denied',
      functionality: 'granted',
      security: 'granted',
    });
    expect(readConsent()).toEqual(ESSENTIAL_ONLY);
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"analytics":'],
    ['not an object', '"granted"'],
    ['an array', '[]'],
    ['a missing key', JSON.stringify({ analytics: 'granted' })],
    ['a wrong value', JSON.stringify({ ...ALL_GRANTED, ads: true })],
  ])('treats %s as no choice (the banner asks again)', (_label, raw) => {
    if (raw !== null) localStorage.setItem(CONSENT_STORAGE_KEY, raw);
    expect(readConsent()).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(readConsent(broken)).toBeNull();
    expect(() => writeConsent(ALL_GRANTED, broken)).not.toThrow();
  });
});
