import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILY_SHAPES, type FamilyShape } from '#book/family.ts';
import { CallChoice } from '#src/features/builder/family/call-choice.tsx';
import { FamilyChoice } from '#src/features/builder/family/family-choice.tsx';
import { createTestI18n } from './i18n-test.ts';

// The family parts of the builder's steps (issue #33) as a parent meets them: who is in the book
// on the child's step, what the child calls a grown-up on theirs, in the page's language.

afterEach(cleanup);

describe('the family choice', () => {
  it('offers every shape by its name, the chosen one checked, and passes the one picked on', async () => {
    const i18n = await createTestI18n('lv');
    const onChange = vi.fn<(shape: FamilyShape) => void>();
    render(
      <I18nextProvider i18n={i18n}>
        <FamilyChoice shape="mum-dad" onChange={onChange} />
      </I18nextProvider>,
    );
    const group = screen.getByRole('group', { name: 'Kas ir grāmatā?' });
    expect(group).toHaveAccessibleDescription('Stāstā un attēlos būs tieši šie pieaugušie.');
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(FAMILY_SHAPES.length);
    expect(within(group).getByRole('radio', { name: 'Mamma un tētis' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Divas mammas' }));
    expect(onChange).toHaveBeenCalledWith('mum-mum');
  });
});

describe('what the child calls a grown-up', () => {
  it('asks with the child’s name as the book prints it, whatever its case when typed', async () => {
    const i18n = await createTestI18n('lv');
    render(
      <I18nextProvider i18n={i18n}>
        <CallChoice
          childName="  anna  "
          words={['mamma', 'mammīte', 'māmiņa']}
          value="mammīte"
          taken={[]}
          onChange={() => {}}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('group', { name: 'Kā Anna viņu sauc?' })).toBeVisible();
  });

  it('asks without a name before the child has one', async () => {
    const i18n = await createTestI18n('en-GB');
    render(
      <I18nextProvider i18n={i18n}>
        <CallChoice
          childName=" "
          words={['Mum', 'Mummy']}
          value="Mum"
          taken={[]}
          onChange={() => {}}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('group', { name: 'What does your child call them?' })).toBeVisible();
  });

  it('keeps the other grown-up’s word out of reach and says why, in Latvian', async () => {
    const i18n = await createTestI18n('lv');
    const onChange = vi.fn<(call: string) => void>();
    render(
      <I18nextProvider i18n={i18n}>
        <CallChoice
          childName="Jānis"
          words={['mamma', 'mammīte', 'māmiņa']}
          value="mammīte"
          taken={['mamma']}
          onChange={onChange}
        />
      </I18nextProvider>,
    );
    const group = screen.getByRole('group', { name: 'Kā Jānis viņu sauc?' });
    const taken = within(group).getByRole('radio', { name: 'mamma' });
    expect(taken).toBeDisabled();
    expect(taken).toHaveAccessibleDescription('Tā jau sauc otru pieaugušo.');
    expect(within(group).getByRole('radio', { name: 'mammīte' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Vārdā' }));
    expect(onChange).toHaveBeenCalledWith('name');
  });
});
