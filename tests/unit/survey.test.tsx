import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionLinkPage } from '#src/features/newsletter/subscription-link-page.tsx';
import { RewardPage } from '#src/features/survey/reward-page.tsx';
import { SurveyPage } from '#src/features/survey/survey-page.tsx';
import { renderAt, stubFetch } from './newsletter-render.tsx';

const ID = 'k3J9vQ2xLm8pR4tY6wZ0aB1c';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function subscribe() {
  localStorage.setItem('SubscriberId', ID);
  localStorage.setItem('subscribed', 'true');
}

/** jsdom lays nothing out: give each ranking card a 60 px tall box in list order, so drags can be measured. */
function layOutRanking() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('li[data-option]');
    if (!item) return original.call(this);
    const index = [...item.parentElement!.children].indexOf(item);
    const top = 200 + index * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 400,
      height: 56,
      right: 400,
      bottom: top + 56,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

/** Everything dnd-kit's live region says, in order. */
function listenToAnnouncements() {
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = document.querySelector('[id^="DndLiveRegion"]')?.textContent?.trim();
    if (text && said.at(-1) !== text) said.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return said;
}

const submitButton = () => screen.getByRole('button', { name: /^(Send my answers|Sending…)$/ });
const rankingOrder = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-option'));

async function answerRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Sports'));
  await user.click(screen.getByLabelText('6 to 10'));
  await user.click(screen.getByLabelText('Beautiful illustrations'));
  await user.click(screen.getByLabelText('An engaging story'));
  await user.click(screen.getByLabelText('A mix of both'));
}

// getByRole is slow on a page this size in jsdom; labels are found by getByLabelText.
describe('the survey (/thank-you)', { timeout: 20_000 }, () => {
  it('sends a visitor who has not subscribed to Home', async () => {
    const page = await renderAt('/thank-you', '/thank-you', () => <SurveyPage />);
    await waitFor(() => expect(page.pathname()).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('asks six questions, says it takes 2-3 minutes, and keeps submit unavailable until 1-5 are answered', async () => {
    subscribe();
    const user = userEvent.setup();
    await renderAt('/thank-you', '/thank-you', () => <SurveyPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Thank you for joining!',
    );
    expect(screen.getByText('Takes 2-3 minutes')).toBeInTheDocument();
    expect(screen.getAllByRole('group')).toHaveLength(6);
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getAllByRole('radio')).toHaveLength(4 + 3 + 3 + 5);

    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).toHaveTextContent('Please answer all questions');
    expect(submitButton()).toHaveAttribute('aria-describedby', tooltip.id);
    await user.hover(submitButton());
    await waitFor(() => expect(tooltip).toBeVisible());

    await answerRequired(user);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByLabelText('Neutral'));
    expect(submitButton()).toHaveAttribute('aria-disabled', 'false');
    // Unticking the last aspect leaves question 3 blank again.
    await user.click(screen.getByLabelText('Beautiful illustrations'));
    await user.click(screen.getByLabelText('An engaging story'));
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it("posts questions 1-5 and the ranking as 'position: option', then stores surveySubmitted and opens the reward", async () => {
    subscribe();
    const { calls, fake } = stubFetch([{ status: 200, body: { status: 'saved' } }]);
    vi.stubGlobal('fetch', fake);
    const user = userEvent.setup();
    const page = await renderAt('/thank-you', '/thank-you', () => <SurveyPage />);
    await screen.findByRole('heading', { level: 1 });
    await answerRequired(user);
    await user.click(screen.getByLabelText('Very important'));
    await user.click(submitButton());
    await waitFor(() => expect(page.pathname()).toBe('/thank-you-reward'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://localhost/api/QuestionnaireResponses');
    expect(calls[0]!.body).toEqual({
      QuestionnaireId: 1,
      SubscriberId: ID,
      Responses: [
        { QuestionId: 1, ResponseText: 'sports' },
        { QuestionId: 2, ResponseText: 'up to 10' },
        { QuestionId: 3, ResponseText: 'engaging, illustrations' },
        { QuestionId: 4, ResponseText: 'mix' },
        { QuestionId: 5, ResponseText: 'very important' },
        {
          QuestionId: 6,
          ResponseText: '1: recognizing, 2: feeling in the body, 3: conversations, 4: managing',
        },
      ],
    });
    expect(localStorage.getItem('surveySubmitted')).toBe('true');
  });

  it('reorders question 6 by keyboard (Space, arrows in 25 px steps, Space), announces it and sends the new order', async () => {
    subscribe();
    layOutRanking();
    const { calls, fake } = stubFetch([{ status: 200, body: { status: 'saved' } }]);
    vi.stubGlobal('fetch', fake);
    const user = userEvent.setup();
    const page = await renderAt('/thank-you', '/thank-you', () => <SurveyPage />, 'en-GB');
    await screen.findByRole('heading', { level: 1 });
    expect(rankingOrder()).toEqual([
      'recognizing',
      'feeling in the body',
      'conversations',
      'managing',
    ]);

    const said = listenToAnnouncements();
    const handle = screen.getByRole('button', { name: 'Move: Recognising and naming feelings' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(said).toContain(
        'Picked up Recognising and naming feelings. It is in position 1 of 4. Use the arrow keys to move it, Space to drop it, Escape to cancel.',
      ),
    );
    // Cards 60 px apart: one 25 px step stays over the card itself, two pass the next card's centre.
    await user.keyboard('{ArrowDown}');
    await act(async () => {});
    expect(said).not.toContainEqual(expect.stringMatching(/moved/));
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(said).toContain('Recognising and naming feelings moved to position 2 of 4.'),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await waitFor(() =>
      expect(said).toContain('Recognising and naming feelings moved to position 3 of 4.'),
    );
    await user.keyboard(' ');
    await waitFor(() =>
      expect(rankingOrder()).toEqual([
        'feeling in the body',
        'conversations',
        'recognizing',
        'managing',
      ]),
    );
    expect(said.at(-1)).toBe('Recognising and naming feelings dropped in position 3 of 4.');

    await answerRequired(user);
    await user.click(screen.getByLabelText('Neutral'));
    await user.click(submitButton());
    await waitFor(() => expect(page.pathname()).toBe('/thank-you-reward'));
    const body = calls[0]!.body as { Responses: { QuestionId: number; ResponseText: string }[] };
    expect(body.Responses.at(-1)).toEqual({
      QuestionId: 6,
      ResponseText: '1: feeling in the body, 2: conversations, 3: recognizing, 4: managing',
    });
  });

  it('Escape cancels a keyboard move and keeps the order', async () => {
    subscribe();
    layOutRanking();
    const user = userEvent.setup();
    await renderAt('/thank-you', '/thank-you', () => <SurveyPage />);
    await screen.findByRole('heading', { level: 1 });
    const said = listenToAnnouncements();
    screen.getByRole('button', { name: 'Move: Ways to manage big feelings' }).focus();
    await user.keyboard(' {ArrowUp}{ArrowUp}{ArrowUp}');
    await waitFor(() =>
      expect(said).toContain('Ways to manage big feelings moved to position 3 of 4.'),
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(said.at(-1)).toBe(
        'Moving cancelled. Ways to manage big feelings is back in position 4 of 4.',
      ),
    );
    expect(rankingOrder()).toEqual([
      'recognizing',
      'feeling in the body',
      'conversations',
      'managing',
    ]);
  });

  it('on failure only logs and stays, answers kept, submit available again', async () => {
    subscribe();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake } = stubFetch([{ status: 500, body: { error: 'down' } }]);
    vi.stubGlobal('fetch', fake);
    const user = userEvent.setup();
    const page = await renderAt('/thank-you', '/thank-you', () => <SurveyPage />);
    await screen.findByRole('heading', { level: 1 });
    await answerRequired(user);
    await user.click(screen.getByLabelText('Neutral'));
    await user.click(submitButton());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to send survey responses:', expect.anything()),
    );
    expect(page.pathname()).toBe('/thank-you');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('surveySubmitted')).toBeNull();
    expect(screen.getByLabelText('Sports')).toBeChecked();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'false');
  });

  it('speaks Latvian', async () => {
    subscribe();
    await renderAt('/thank-you', '/thank-you', () => <SurveyPage />, 'lv');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Paldies, ka pievienojāties!',
    );
    expect(screen.getByRole('button', { name: 'Nosūtīt atbildes' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      'Lūdzu, atbildiet uz visiem jautājumiem',
    );
  });
});

describe('the reward page (/thank-you-reward)', () => {
  it('sends a visitor without surveySubmitted to Home, with no video frame created', async () => {
    const page = await renderAt('/thank-you-reward', '/thank-you-reward', () => (
      <RewardPage videoId="aBcDeFgHiJk" />
    ));
    await waitFor(() => expect(page.pathname()).toBe('/'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('loads the video in privacy-enhanced mode only when the visitor presses play, then focuses the player', async () => {
    localStorage.setItem('surveySubmitted', 'true');
    const user = userEvent.setup();
    await renderAt('/thank-you-reward', '/thank-you-reward', () => (
      <RewardPage videoId="aBcDeFgHiJk" />
    ));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'A little thank-you for you',
    );
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play the thank-you video' }));
    const frame = screen.getByTitle('A thank-you video from Storymade');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk?autoplay=1&rel=0',
    );
    expect(frame).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See the book' })).toHaveAttribute(
      'href',
      '/YouCanDoIt',
    );
  });

  it('creates no frame for a malformed video id', async () => {
    localStorage.setItem('surveySubmitted', 'true');
    await renderAt('/thank-you-reward', '/thank-you-reward', () => (
      <RewardPage videoId="x&autoplay=1" />
    ));
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the subscription link pages', () => {
  const TOKEN = 'Zx8_Qw7-Er6tYu5iOp4aSd3f';

  it('confirm: posts the token and goes on to /subscription-confirmed', async () => {
    const { calls, fake } = stubFetch([{ status: 200, body: { status: 'confirmed' } }]);
    vi.stubGlobal('fetch', fake);
    const Page = () => <SubscriptionLinkPage action="confirm" token={TOKEN} />;
    const page = await renderAt(
      `/confirm-subscription/${TOKEN}`,
      '/confirm-subscription/$token',
      Page,
    );
    await waitFor(() => expect(page.pathname()).toBe('/subscription-confirmed'));
    expect(calls).toEqual([
      {
        url: `http://localhost/api/subscriptions/confirm/${TOKEN}`,
        method: 'POST',
        body: undefined,
      },
    ]);
  });

  it('unsubscribe: posts the token and returns to Home', async () => {
    const { calls, fake } = stubFetch([{ status: 200, body: { status: 'unsubscribed' } }]);
    vi.stubGlobal('fetch', fake);
    const Page = () => <SubscriptionLinkPage action="unsubscribe" token={TOKEN} />;
    const page = await renderAt(`/unsubscribe/${TOKEN}`, '/unsubscribe/$token', Page);
    await waitFor(() => expect(page.pathname()).toBe('/'));
    expect(calls.map((c) => c.url)).toEqual([
      `http://localhost/api/subscriptions/unsubscribe/${TOKEN}`,
    ]);
  });

  it("without a token: the alert 'Error: Subscription ID is missing!' and nothing sent", async () => {
    const { calls, fake } = stubFetch([{ status: 200, body: { status: 'confirmed' } }]);
    vi.stubGlobal('fetch', fake);
    await renderAt('/confirm-subscription/%20', '/confirm-subscription/$token', () => (
      <SubscriptionLinkPage action="confirm" token=" " />
    ));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Subscription ID is missing!',
    );
    await act(async () => {});
    expect(calls).toEqual([]);
  });

  it('a failed call shows the support alert in the page, with links home and to contact', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const action of ['confirm', 'unsubscribe'] as const) {
      const { fake } = stubFetch([
        { status: 404, body: { error: 'This subscription link is not valid.' } },
      ]);
      vi.stubGlobal('fetch', fake);
      const page = await renderAt(`/x/${TOKEN}`, '/x/$token', () => (
        <SubscriptionLinkPage action={action} token={TOKEN} />
      ));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Something went wrong. Please try again later or contact support!',
      );
      expect(page.pathname()).toBe(`/x/${TOKEN}`);
      expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        '/contact-us',
      );
      document.body.innerHTML = '';
    }
  });

  it('Latvian alert for a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake } = stubFetch(['network']);
    vi.stubGlobal('fetch', fake);
    await renderAt(
      `/x/${TOKEN}`,
      '/x/$token',
      () => <SubscriptionLinkPage action="confirm" token={TOKEN} />,
      'lv',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kaut kas nogāja greizi. Lūdzu, mēģiniet vēlāk vēlreiz vai sazinieties ar atbalstu!',
    );
  });
});
