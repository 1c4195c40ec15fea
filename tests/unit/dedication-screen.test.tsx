import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BookLanguage } from '#book/types.ts';
import { purchaseMachine } from '#machines/purchase.ts';
import { defaultDraft, suggestionsFor } from '#machines/purchase-draft.ts';
import { DedicationStep } from '#src/features/builder/builder-step.tsx';
import { DedicationScreen } from '#src/features/builder/dedication/dedication-screen.tsx';
import { createTestI18n } from './i18n-test.ts';

type Actor = ReturnType<typeof startAtDedication>;

/** The real purchase machine at the dedication step, for a child typed as 'jānis'. */
function startAtDedication(language: 'lv' | 'en-GB' = 'en-GB') {
  const actor = createActor(purchaseMachine, {
    input: { bookName: 'football_story', orderItemId: null, language },
  }).start();
  const draft = defaultDraft();
  draft.child.name = 'jānis';
  draft.family.grownUps[0].name = 'Pēteris';
  draft.family.grownUps[1].name = 'Ilze';
  actor.send({ type: 'draft.loaded', draft });
  actor.send({ type: 'route.enter', step: 'dedication' });
  return actor;
}

/** The screen as the builder wires it: text, suggestions and note come from the machine. */
function Harness({ actor, language }: { actor: Actor; language: 'lv' | 'en-GB' }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const note = useSelector(actor, (s) => s.context.dedicationNote);
  return (
    <DedicationScreen
      text={draft.dedication ?? ''}
      suggestions={suggestionsFor(draft, language)}
      note={note}
      onChange={(text) => actor.send({ type: 'dedication.set', text })}
      onContinue={() => actor.send({ type: 'step.next' })}
      onReturn={() => actor.send({ type: 'step.back' })}
    />
  );
}

async function renderAt(language: 'lv' | 'en-GB' = 'en-GB') {
  const actor = startAtDedication(language);
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <Harness actor={actor} language={language} />
    </I18nextProvider>,
  );
  return actor;
}

describe('dedication screen with the purchase machine', () => {
  it('starts with the first suggestion, the name capitalised, and offers three', async () => {
    await renderAt('en-GB');
    const text = screen.getByLabelText('Your dedication');
    expect((text as HTMLTextAreaElement).value).toContain('Jānis');
    expect((text as HTMLTextAreaElement).value).not.toContain('jānis');
    expect(screen.getAllByRole('button', { name: /^Suggestion [123]/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /^Suggestion 1/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('in Latvian the suggestions use the right case of the name', async () => {
    await renderAt('lv');
    const buttons = screen.getAllByRole('button', { name: /ieteikums/ });
    const texts = buttons.map((b) => b.textContent ?? '');
    expect(texts.join(' ')).toMatch(/Jāni!/); // vocative in the first
    expect(texts.join(' ')).toMatch(/Jānim/); // dative in the others
  });

  it('refuses an 11th line (blank lines count) with a visible note, typed or pasted', async () => {
    const user = userEvent.setup();
    await renderAt();
    const text = screen.getByLabelText('Your dedication') as HTMLTextAreaElement;
    await user.clear(text);
    await user.type(
      text,
      'Dear Jānis,{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}Love',
    );
    expect(text.value.split('\n')).toHaveLength(10);
    expect(screen.getByText('10 of 10 lines')).toBeInTheDocument();
    await user.type(text, '{Enter}');
    expect(text.value.split('\n')).toHaveLength(10);
    expect(screen.getByRole('status')).toHaveTextContent(
      'A dedication can have at most 10 lines, blank lines included.',
    );
    await user.clear(text);
    await user.click(text);
    await user.paste(Array.from({ length: 11 }, (_, i) => `line ${i + 1}`).join('\n'));
    expect(text.value).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('at most 10 lines');
  });

  it('a blank dedication does not continue; a suggestion does, to the preview', async () => {
    const user = userEvent.setup();
    const actor = await renderAt();
    await user.clear(screen.getByLabelText('Your dedication'));
    await user.type(screen.getByLabelText('Your dedication'), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(actor.getSnapshot().value).toBe('dedication');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Please write a dedication or choose one of the suggestions.',
    );
    await user.click(screen.getByRole('button', { name: /^Suggestion 2/ }));
    expect(screen.getByRole('button', { name: /^Suggestion 2/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(actor.getSnapshot().value).toBe('preview');
  });

  it('the return link goes back to the mum', async () => {
    const user = userEvent.setup();
    const actor = await renderAt();
    await user.click(screen.getByRole('button', { name: /Back to Mum/ }));
    expect(actor.getSnapshot().value).toBe('mum');
  });
});

describe('dedication step: the book language chosen on the product page', () => {
  /** The builder's dedication step on the `language` site for a book in `bookLanguage`. */
  async function renderStep(language: 'lv' | 'en-GB' | 'en-US', bookLanguage?: BookLanguage) {
    const actor = createActor(purchaseMachine, {
      input: { bookName: 'football_story', orderItemId: null, language, bookLanguage },
    }).start();
    const draft = defaultDraft();
    draft.child.name = 'jānis';
    draft.family.grownUps[0].name = 'Pēteris';
    draft.family.grownUps[1].name = 'Ilze';
    actor.send({ type: 'draft.loaded', draft });
    actor.send({ type: 'route.enter', step: 'dedication' });
    const i18n = await createTestI18n(language);
    render(
      <I18nextProvider i18n={i18n}>
        <DedicationStep actor={actor} language={language} />
      </I18nextProvider>,
    );
    return actor;
  }

  it('a Latvian book on the English site: the page says so and the suggestions are Latvian', async () => {
    await renderStep('en-GB', 'lv');
    // The step loads apart from the builder's first step (later-steps.ts): wait for it.
    expect(
      await screen.findByText(
        'Your book will be printed in Latvian, so the story and these suggestions are in Latvian.',
      ),
    ).toBeVisible();
    expect((screen.getByLabelText('Your dedication') as HTMLTextAreaElement).value).toMatch(
      /^Mīļo Jāni!/,
    );
    const texts = screen
      .getAllByRole('button', { name: /^Suggestion [123]/ })
      .map((b) => b.textContent ?? '');
    expect(texts[1]).toMatch(/Jānim – labākajam spēlētājam/);
    expect(texts.join(' ')).not.toMatch(/Dear|Mum and Dad/);
  });

  it('an English (US) book on the Latvian site: a Latvian line names it, the suggestions are American', async () => {
    await renderStep('lv', 'en-us');
    expect(
      await screen.findByText(
        'Jūsu grāmata tiks nodrukāta amerikāņu angļu valodā, tāpēc arī stāsts un šie ieteikumi ir angļu valodā.',
      ),
    ).toBeVisible();
    const texts = screen
      .getAllByRole('button', { name: /ieteikums/ })
      .map((b) => b.textContent ?? '');
    expect(texts[0]).toMatch(/Dear Jānis,/);
    expect(texts[0]).toMatch(/Mom and Dad/);
  });

  it('no line when the book is in the language of the site', async () => {
    await renderStep('en-GB', 'en-gb');
    expect(await screen.findByRole('heading', { name: 'Write a dedication' })).toBeVisible();
    expect(screen.queryByText(/Your book will be printed in/)).toBeNull();
    cleanup();
    await renderStep('en-US');
    expect(screen.queryByText(/Your book will be printed in/)).toBeNull();
    expect(
      ((await screen.findByLabelText('Your dedication')) as HTMLTextAreaElement).value,
    ).toMatch(/Mom and Dad/);
  });
});
