import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  cookieConsentMachine,
  type ConsentCategory,
  type ConsentChoice,
  type CookieConsentEvent,
} from '#machines/consent.ts';

// Written out by hand from SPEC section 4, independent of the machine's own constants.
const ALL: ConsentChoice = {
  analytics: 'granted',
  ads: 'granted',
  personalization: 'granted',
  user_data: 'granted',
  ad_personalization: 'granted',
  functionality: 'granted',
  security: 'granted',
};
const ESSENTIAL: ConsentChoice = {
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'granted',
  security: 'granted',
};
/** A choice found in storage on a later visit: analytics and personalisation, no ads. */
const FROM_STORAGE: ConsentChoice = {
  ...ESSENTIAL,
  analytics: 'granted',
  personalization: 'granted',
};

type Switches = Record<ConsentCategory, boolean>;

/** What a visitor expects: a reference model of the consent rules, fed the same events. */
class Expectation {
  screen: 'loading' | 'banner' | 'customizing' | 'hidden' = 'loading';
  current: ConsentChoice | null = null;
  switches: Switches = { analytics: false, ads: false, personalization: false };
  writes: ConsentChoice[] = [];
  pushes: ConsentChoice[] = [];

  apply(event: CookieConsentEvent) {
    switch (event.type) {
      case 'consent.loaded':
        if (event.stored) {
          this.current = event.stored;
          this.pushes.push(event.stored);
          this.screen = 'hidden';
        } else {
          this.screen = 'banner';
        }
        return;
      case 'consent.acceptAll':
        return this.choose(ALL);
      case 'consent.acceptEssential':
        return this.choose(ESSENTIAL);
      case 'consent.customize':
      case 'consent.reopen': {
        const on = (key: keyof ConsentChoice) => this.current?.[key] === 'granted';
        this.switches = {
          analytics: on('analytics'),
          ads: on('ads'),
          personalization: on('personalization'),
        };
        this.screen = 'customizing';
        return;
      }
      case 'consent.toggle':
        this.switches = { ...this.switches, [event.category]: !this.switches[event.category] };
        return;
      case 'consent.save': {
        const v = (on: boolean) => (on ? 'granted' : 'denied');
        return this.choose({
          analytics: v(this.switches.analytics),
          ads: v(this.switches.ads),
          personalization: v(this.switches.personalization),
          user_data: v(this.switches.ads),
          ad_personalization: v(this.switches.ads),
          functionality: 'granted',
          security: 'granted',
        });
      }
      case 'consent.cancel':
        this.screen = this.current ? 'hidden' : 'banner';
        return;
    }
  }

  private choose(choice: ConsentChoice) {
    this.current = choice;
    this.writes.push(choice);
    this.pushes.push(choice);
    this.screen = 'hidden';
  }
}

const model = createTestModel(cookieConsentMachine, {
  events: [
    { type: 'consent.loaded', stored: null },
    { type: 'consent.loaded', stored: FROM_STORAGE },
    { type: 'consent.toggle', category: 'analytics' },
    { type: 'consent.toggle', category: 'ads' },
    { type: 'consent.toggle', category: 'personalization' },
  ],
});

const paths = model.getShortestPaths();

/** 'loaded(null) → customize → toggle(ads) → save': the events of a path, readable. */
function nameOf(path: (typeof paths)[number]): string {
  return path.steps
    .map(({ event }) => {
      const { type, ...payload } = event;
      const name = type.replace(/^consent\./, '');
      if ((type as string) === 'xstate.init') return 'start';
      if ('stored' in payload)
        return `${name}(${payload.stored ? 'stored choice' : 'nothing stored'})`;
      if ('category' in payload) return `${name}(${String(payload.category)})`;
      return name;
    })
    .join(' → ');
}

describe('cookie consent machine (model-based, shortest paths)', () => {
  it('reaches every screen, every switch position and every kind of stored choice', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(['"banner"', '"customizing"', '"hidden"']);
    // 8 switch positions, each from the banner and when reopened with every possible choice.
    expect(paths.length).toBeGreaterThan(50);
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends in ${JSON.stringify(path.state.value)}`, async () => {
      const writes: ConsentChoice[] = [];
      const pushes: ConsentChoice[] = [];
      const actor = createActor(
        cookieConsentMachine.provide({
          actions: {
            storeConsent: (_, consent) => void writes.push(consent),
            pushConsent: (_, consent) => void pushes.push(consent),
          },
        }),
      ).start();
      const expected = new Expectation();
      const check = () => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(expected.screen);
        expect(writes).toEqual(expected.writes);
        expect(pushes).toEqual(expected.pushes);
        if (expected.current) expect(snapshot.context.consent).toEqual(expected.current);
        if (expected.screen === 'customizing')
          expect(snapshot.context.draft).toEqual(expected.switches);
      };
      // The model hands each step's event (with its payload) to the executor.
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as CookieConsentEvent);
        expected.apply(event as CookieConsentEvent);
      };
      await path.test({
        states: { loading: check, banner: check, customizing: check, hidden: check },
        events: {
          'consent.loaded': exec,
          'consent.acceptAll': exec,
          'consent.acceptEssential': exec,
          'consent.customize': exec,
          'consent.toggle': exec,
          'consent.save': exec,
          'consent.cancel': exec,
          'consent.reopen': exec,
        },
      });
      actor.stop();
    });
  }

  it('takes a choice pressed on the server’s banner before the stored one is read; reading it afterwards changes nothing', () => {
    const writes: ConsentChoice[] = [];
    const actor = createActor(
      cookieConsentMachine.provide({
        actions: { storeConsent: (_, consent) => void writes.push(consent) },
      }),
    ).start();
    actor.send({ type: 'consent.acceptEssential' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(writes).toEqual([ESSENTIAL]);
    actor.send({ type: 'consent.loaded', stored: null });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.consent).toEqual(ESSENTIAL);
    expect(writes).toEqual([ESSENTIAL]);
  });

  it('stores nothing on cancel', () => {
    const writes: ConsentChoice[] = [];
    const actor = createActor(
      cookieConsentMachine.provide({
        actions: { storeConsent: (_, consent) => void writes.push(consent) },
      }),
    ).start();
    actor.send({ type: 'consent.loaded', stored: null });
    actor.send({ type: 'consent.customize' });
    actor.send({ type: 'consent.toggle', category: 'ads' });
    actor.send({ type: 'consent.cancel' });
    expect(actor.getSnapshot().value).toBe('banner');
    expect(writes).toEqual([]);
    actor.send({ type: 'consent.customize' });
    expect(actor.getSnapshot().context.draft).toEqual({
      analytics: false,
      ads: false,
      personalization: false,
    });
  });
});
