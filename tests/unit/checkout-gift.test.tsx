import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import {
  deliveryPayloadOf,
  emptyForm,
  formProblems,
  withField,
  type CheckoutForm,
} from '#machines/checkout-form.ts';
import { GiftFields } from '#src/features/checkout/gift-fields.tsx';
import { createTestI18n } from './i18n-test.ts';

// The checkout's gift section (#36) as a buyer uses it: the box, the recipient's address with the
// checkout's own field messages, and the message with its live counter, in the shop's languages.

afterEach(cleanup);

/** The gift section with the form kept as the checkout machine keeps it (the same helpers). */
function Harness({ showErrors, start }: { showErrors: boolean; start?: Partial<CheckoutForm> }) {
  const [form, setForm] = useState<CheckoutForm>({ ...emptyForm('lv'), ...start });
  const problems = showErrors ? formProblems(form, false) : {};
  return (
    <>
      <GiftFields
        form={form}
        estimateDays={7}
        countries={undefined}
        language="lv"
        problems={problems}
        disabled={false}
        onGift={(gift) => setForm({ ...form, gift })}
        onField={(path, value) => setForm(withField(form, path, value))}
      />
      <output data-testid="payload">
        {JSON.stringify(deliveryPayloadOf(form, false).gift ?? null)}
      </output>
    </>
  );
}

async function show(language: string, props: Parameters<typeof Harness>[0]) {
  const i18n: I18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <Harness {...props} />
    </I18nextProvider>,
  );
}

const payload = () => JSON.parse(screen.getByTestId('payload').textContent ?? 'null');

describe('checkout gift section', () => {
  it('asks for the recipient and the message only once "This is a gift" is ticked, and sends them', async () => {
    await show('en-GB', { showErrors: false });
    expect(screen.queryByRole('group', { name: 'Who is the gift for?' })).toBeNull();
    expect(payload()).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'This is a gift' });
    expect(box).toHaveAccessibleDescription(/packing slip in the parcel shows no prices/);
    fireEvent.click(box);
    const recipient = screen.getByRole('group', { name: 'Who is the gift for?' });
    fireEvent.change(within(recipient).getByLabelText('First name'), {
      target: { value: 'Jānis' },
    });
    fireEvent.change(within(recipient).getByLabelText('City'), { target: { value: 'Rīga' } });
    fireEvent.change(screen.getByLabelText(/Your message on the card/), {
      target: { value: 'Happy birthday!' },
    });
    expect(payload()).toMatchObject({
      recipient: { firstName: 'Jānis', city: 'Rīga', countryId: 19 },
      message: 'Happy birthday!',
    });
    fireEvent.click(box);
    expect(payload()).toBeNull();
  });

  it('counts the characters left as the buyer types, and says how many are too many', async () => {
    await show('en-GB', { showErrors: false, start: { gift: true } });
    const message = screen.getByLabelText(/Your message on the card/);
    expect(message).toHaveAccessibleDescription('300 characters left (of 300)');
    fireEvent.change(message, { target: { value: '🎁 Hello' } });
    expect(screen.getByText('293 characters left (of 300)')).toBeInTheDocument();
    fireEvent.change(message, { target: { value: 'a'.repeat(301) } });
    expect(screen.getByText('1 character too many (at most 300)')).toBeInTheDocument();
  });

  it("shows the checkout's own messages under the recipient's fields and the message, tied to them", async () => {
    await show('en-GB', {
      showErrors: true,
      start: { gift: true, giftMessage: 'x'.repeat(305) },
    });
    const recipient = screen.getByRole('group', { name: 'Who is the gift for?' });
    const first = within(recipient).getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is required.');
    const message = screen.getByLabelText(/Your message on the card/);
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(
      /Please shorten the message to at most 300 characters\..*5 characters too many/,
    );
  });

  it('names the characters the card cannot print (Greek, CJK, emoji), in each language', async () => {
    await show('en-GB', {
      showErrors: true,
      start: { gift: true, giftMessage: 'Χρόνια πολλά 🎁 Юлия' },
    });
    expect(screen.getByLabelText(/Your message on the card/)).toHaveAccessibleDescription(
      /^The card can't print these characters: Χ ό ν ι ο ά 🎁\. .*Latin or Cyrillic letters, without emoji\./,
    );
    cleanup();
    await show('lv', { showErrors: true, start: { gift: true, giftMessage: '生日快乐' } });
    expect(screen.getByLabelText(/Jūsu novēlējums kartītē/)).toHaveAccessibleDescription(
      /^Kartītē nevar iespiest šīs rakstzīmes: 生 日 快 乐\. /,
    );
  });

  it('speaks natural Latvian', async () => {
    await show('lv', { showErrors: false, start: { gift: true } });
    expect(screen.getByRole('checkbox', { name: 'Šī ir dāvana' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Kam paredzēta dāvana?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Jūsu novēlējums kartītē/)).toHaveAccessibleDescription(
      'Atlikušas 300 rakstzīmes (no 300)',
    );
  });
});

describe('choose when it arrives', () => {
  it('offers an optional day from the delivery estimate to 60 days ahead, and sends it', async () => {
    await show('en-GB', { showErrors: false, start: { gift: true } });
    const day = screen.getByLabelText(/Arrive by/) as HTMLInputElement;
    expect(screen.getByRole('group', { name: 'When should it arrive?' })).toContainElement(day);
    expect(day.type).toBe('date');
    expect(day.min > new Date().toISOString().slice(0, 10)).toBe(true);
    // (The harness's books go to Latvia: the days are in the page language's form, lv here.)
    expect(day).toHaveAccessibleDescription(
      /^Leave it empty and we send the gift as soon as it is ready\. You can choose a day from 20\d\d\. gada \d+\. \p{L}+ to 20\d\d\. gada \d+\. \p{L}+:/u,
    );
    expect(payload()).toMatchObject({ arriveBy: null });
    fireEvent.change(day, { target: { value: day.max } });
    expect(payload()).toMatchObject({ arriveBy: day.max });
  });

  it("shows the server's refusal in the buyer's words, in Latvian too", async () => {
    await show('lv', { showErrors: true, start: { gift: true, giftArriveBy: 'soon' } });
    const day = screen.getByLabelText(/Piegādāt līdz/);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription('Lūdzu, izvēlieties datumu.');
  });
});
