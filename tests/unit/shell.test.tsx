import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { languageFromBrowser } from '#src/lib/languages.ts';
import { isFlowPath, progressStepOf } from '#src/ui/flow-paths.ts';
import { ProgressDots } from '#src/ui/progress-dots.tsx';
import { createTestI18n } from './i18n-test.ts';

describe('flow paths', () => {
  it('puts the six personalisation paths on their progress step (dad and mum count as personalize)', () => {
    expect(progressStepOf('/personalize/football_story')).toBe('personalize');
    expect(progressStepOf('/personalizeDad/edit/abc')).toBe('personalize');
    expect(progressStepOf('/personalizeMum/football_story')).toBe('personalize');
    expect(progressStepOf('/dedication/football_story')).toBe('dedication');
    expect(progressStepOf('/preview/edit/abc')).toBe('preview');
    expect(progressStepOf('/coverChoice/football_story')).toBe('coverChoice');
    expect(progressStepOf('/cart')).toBeNull();
    expect(progressStepOf('/personalizeTest/football_story')).toBeNull();
  });

  it('hides header and footer on the flow and checkout paths only', () => {
    for (const path of [
      '/personalize/x',
      '/personalizeDad/x',
      '/personalizeMum/x',
      '/dedication/x',
      '/preview/x',
      '/coverChoice/x',
      '/checkout/delivery',
      // A paid book's change in its print hold (issue #47): the builder's steps.
      '/order-status/abc/change/1/dedication',
      '/order-status/abc/change/1/personalize',
    ]) {
      expect(isFlowPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/cart',
      '/faq',
      '/personalizeTest/football_story',
      '/YouCanDoIt',
      '/order-status/abc',
    ]) {
      expect(isFlowPath(path), path).toBe(false);
    }
  });
});

describe('ProgressDots', () => {
  it('marks the done steps, the current step and announces it', async () => {
    const i18n = await createTestI18n('en-GB');
    render(
      <I18nextProvider i18n={i18n}>
        <ProgressDots current="preview" />
      </I18nextProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Your progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Characters',
      'Dedication',
      'Preview',
      'Cover',
    ]);
    expect(items.map((item) => item.className.match(/--(done|current|todo)/)?.[1])).toEqual([
      'done',
      'done',
      'current',
      'todo',
    ]);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Step 3 of 4: Preview')).toBeInTheDocument();
  });

  it('speaks Latvian in Latvian', async () => {
    const i18n = await createTestI18n('lv');
    render(
      <I18nextProvider i18n={i18n}>
        <ProgressDots current="personalize" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Jūsu progress' })).toBeInTheDocument();
    expect(screen.getByText('1. solis no 4: Tēli')).toBeInTheDocument();
  });
});

describe('the first language', () => {
  it('follows the browser: lv, en-US, other English as en-GB, else nothing', () => {
    expect(languageFromBrowser(['lv-LV', 'en'])).toBe('lv');
    expect(languageFromBrowser(['en-US'])).toBe('en-US');
    expect(languageFromBrowser(['en-IE', 'lv'])).toBe('en-GB');
    expect(languageFromBrowser(['de-DE', 'fr'])).toBeUndefined();
  });
});

describe('the error fallback', () => {
  it("says 'Oops! Something went wrong.' and goes back to Home with a full reload", async () => {
    const { ErrorPage } = await import('#src/features/shell/error-page.tsx');
    const { default: userEvent } = await import('@testing-library/user-event');
    const i18n = await createTestI18n('en-GB');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorPage error={new Error('boom')} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Oops! Something went wrong.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go back to Home' }));
    expect(assign).toHaveBeenCalledWith('/');
    vi.unstubAllGlobals();
  });
});
