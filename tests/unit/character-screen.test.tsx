import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  categoriesOf,
  optionsOf,
  type CatalogueOption,
  type ChildCharacter,
  type ParentCharacter,
} from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';
import {
  CharacterScreen,
  type CharacterScreenProps,
} from '#src/features/builder/character-screen/character-screen.tsx';
import { createTestI18n } from './i18n-test.ts';

type Role = CharacterScreenProps['role'];

/** A controllable matchMedia: `matches` for the tabs query, with change events. */
function mockMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      queries.push(query);
      return {
        get matches() {
          return matches;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      };
    },
  });
  return {
    queries,
    set(next: boolean) {
      matches = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

function characterOf(role: Role, gender: 'boy' | 'girl' = 'boy'): ChildCharacter | ParentCharacter {
  return defaultCharacters(gender)[role];
}

async function renderScreen(
  props: Partial<CharacterScreenProps> & { role?: Role } = {},
  language = 'en-GB',
) {
  const i18n = await createTestI18n(language);
  const role = props.role ?? 'child';
  const handlers = {
    onNameChange: vi.fn(),
    onGenderChange: role === 'child' ? vi.fn() : undefined,
    onSelect: vi.fn(),
    onToggleAccessory: vi.fn(),
    onNext: vi.fn(),
  };
  const base: CharacterScreenProps = {
    role,
    name: '',
    nameError: null,
    character: characterOf(role),
    ...handlers,
    ...props,
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <CharacterScreen {...base} />
    </I18nextProvider>,
  );
  const rerender = (next: Partial<CharacterScreenProps>) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <CharacterScreen {...base} {...next} />
      </I18nextProvider>,
    );
  return { ...handlers, onGenderChange: handlers.onGenderChange ?? vi.fn(), rerender, i18n };
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });
const picture = () => screen.getByRole('img', { name: /as drawn in the book/ });
const drawnLayers = () =>
  [...picture().querySelectorAll('[data-layer]')].map((el) => el.getAttribute('data-layer'));

describe('the character screen: editors call back with the asset name', () => {
  it('hair: a style keeps the chosen colour, a colour keeps the chosen style', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen({
      character: { ...(characterOf('child') as ChildCharacter), hair: 'kid_hair_boy_01_RD' },
    });
    const styles = group('Hair style');
    expect(
      within(styles)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Short', 'Tousled', 'Curly', 'Buzz cut']);
    expect(within(styles).getByRole('radio', { name: 'Short' })).toBeChecked();
    await user.click(within(styles).getByRole('radio', { name: 'Tousled' }));
    expect(onSelect).toHaveBeenLastCalledWith('hair', 'kid_hair_boy_02_RD');

    const colours = group('Hair colour');
    expect(within(colours).getByRole('radio', { name: 'Red' })).toBeChecked();
    await user.click(within(colours).getByRole('radio', { name: 'Light brown' }));
    expect(onSelect).toHaveBeenLastCalledWith('hair', 'kid_hair_boy_01_LBR');
  });

  it("hair: a girl gets the girls' styles; the dad's shaved head offers only its four colours", async () => {
    await renderScreen({ character: characterOf('child', 'girl') });
    expect(
      within(group('Hair style')).getByRole('radio', { name: 'Pigtails' }),
    ).toBeInTheDocument();
    expect(
      within(group('Hair style')).queryByRole('radio', { name: 'Buzz cut' }),
    ).not.toBeInTheDocument();
    document.body.innerHTML = '';

    const user = userEvent.setup();
    const { onSelect } = await renderScreen({
      role: 'dad',
      character: { ...characterOf('dad'), hair: 'dad_hair_01_LBR' },
    });
    await user.click(within(group('Hair style')).getByRole('radio', { name: 'Shaved' }));
    // Shaved has no light brown: the first colour of that style.
    expect(onSelect).toHaveBeenLastCalledWith('hair', 'dad_hair_05_BC');
  });

  it('eye colour: chooses and zooms the picture to the face', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen();
    expect(picture()).toHaveAccessibleName('Your child as drawn in the book: whole figure');
    await user.click(within(group('Eye colour')).getByRole('radio', { name: 'Green' }));
    expect(onSelect).toHaveBeenLastCalledWith('eyes', 'kid_eyes_GR');
    expect(picture()).toHaveAccessibleName('Your child as drawn in the book: face');
  });

  it('option groups work by keyboard: one Tab stop per group, arrow keys choose', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen();
    const eyes = group('Eye colour');
    within(eyes).getByRole('radio', { name: 'Grey' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onSelect).toHaveBeenLastCalledWith('eyes', 'kid_eyes_BR');
    expect(picture()).toHaveAccessibleName('Your child as drawn in the book: face');
    // Tab leaves the eye colours for the next group (the T-shirts), not the next eye colour.
    await user.tab();
    expect(document.activeElement?.closest('fieldset')).toBe(group('T-shirt'));
  });

  it("clothing: T-shirt and shorts choose and zoom to the body; the parents' screens have no T-shirt", async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen();
    await user.click(within(group('T-shirt')).getByRole('radio', { name: 'Blue and yellow' }));
    expect(onSelect).toHaveBeenLastCalledWith('tshirt', 'kid_tshirt_2');
    expect(picture()).toHaveAccessibleName('Your child as drawn in the book: body and clothes');
    await user.click(within(group('Shorts')).getByRole('radio', { name: 'Navy' }));
    expect(onSelect).toHaveBeenLastCalledWith('shorts', 'kid_shorts_2');
    document.body.innerHTML = '';

    await renderScreen({ role: 'mum' });
    expect(screen.queryByRole('group', { name: 'T-shirt' })).not.toBeInTheDocument();
  });

  it("a grown-up's clothing: a clothes colour and a build, the defaults of who they are checked (issue #49)", async () => {
    const user = userEvent.setup();
    const { onToggleAccessory, onSelect } = await renderScreen({ role: 'mum' });
    const colours = within(group('Clothes colour')).getAllByRole('radio');
    expect(colours.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Teal',
      'Coral',
      'Mustard',
      'Berry',
      'Blue',
      'Green',
    ]);
    // the first mum of a book wears coral, as ever, and a medium build
    expect(within(group('Clothes colour')).getByRole('radio', { name: 'Coral' })).toBeChecked();
    expect(within(group('Build')).getByRole('radio', { name: 'Medium' })).toBeChecked();
    await user.click(within(group('Clothes colour')).getByRole('radio', { name: 'Berry' }));
    expect(onToggleAccessory).toHaveBeenLastCalledWith('mum_acc_clothes_berry');
    await user.click(within(group('Build')).getByRole('radio', { name: 'Sturdy' }));
    expect(onToggleAccessory).toHaveBeenLastCalledWith('mum_acc_build_sturdy');
    expect(onSelect).not.toHaveBeenCalled();
    // the build buttons are drawings of this grown-up in each build
    expect(within(group('Build')).getAllByRole('radio')).toHaveLength(3);
    // clothes and build are not accessories to toggle
    expect(
      within(group('Accessories'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Glasses']);
    document.body.innerHTML = '';

    // a second mum starts in her own clothes: not her partner's twin
    await renderScreen({ role: 'mum', who: { kind: 'mum', nth: 1 } });
    expect(within(group('Clothes colour')).getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(within(group('Build')).getByRole('radio', { name: 'Slim' })).toBeChecked();
    document.body.innerHTML = '';

    // a choice made is what is checked, and what the picture wears
    await renderScreen({
      role: 'dad',
      character: {
        ...(characterOf('dad') as ParentCharacter),
        accessories: ['dad_acc_clothes_green'],
      },
    });
    expect(within(group('Clothes colour')).getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(drawnLayers()).toContain('dad_acc_clothes_green');
  });

  it('skin tone: six tones, the dad gets his own asset names', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen({ role: 'dad' });
    const tones = within(group('Skin tone')).getAllByRole('radio');
    expect(tones).toHaveLength(6);
    expect(tones[0]).toBeChecked();
    await user.click(within(group('Skin tone')).getByRole('radio', { name: 'Dark' }));
    expect(onSelect).toHaveBeenLastCalledWith('skin', 'dad_skin_6D');
  });

  it('accessories: toggle buttons show their pressed state and report the asset', async () => {
    const user = userEvent.setup();
    const { onToggleAccessory, onSelect } = await renderScreen({
      character: {
        ...(characterOf('child') as ChildCharacter),
        accessories: ['kid_acc_freckles', 'kid_acc_glasses_rect'],
      },
    });
    const accessories = group('Accessories');
    expect(accessories).toHaveAccessibleDescription(
      'Choose as many as you like; one pair of glasses at a time.',
    );
    expect(within(accessories).getByRole('button', { name: 'Freckles' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(accessories).getByRole('button', { name: 'Rectangular glasses' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(accessories).getByRole('button', { name: 'Round glasses' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(within(accessories).getByRole('button', { name: 'Round glasses' }));
    expect(onToggleAccessory).toHaveBeenLastCalledWith('kid_acc_glasses_round');
    within(accessories).getByRole('button', { name: 'Hearing aid' }).focus();
    await user.keyboard('{Enter}');
    expect(onToggleAccessory).toHaveBeenLastCalledWith('kid_acc_hearing_aid');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('the dad has glasses, moustache and beard; the mum glasses only', async () => {
    await renderScreen({ role: 'dad' });
    expect(
      within(group('Accessories'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Glasses', 'Moustache', 'Beard']);
    document.body.innerHTML = '';
    await renderScreen({ role: 'mum' }, 'en-US');
    expect(
      within(group('Accessories'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Glasses']);
  });

  it('option buttons show the option: hair styles and accessories as small drawings of this character', async () => {
    await renderScreen({
      character: { ...(characterOf('child') as ChildCharacter), skin: 'kid_skin_5' },
    });
    const curly = within(group('Hair style'))
      .getByRole('radio', { name: 'Curly' })
      .closest('label')!;
    const src = curly.querySelector('img')!.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    expect(svg).toContain('data-layer="kid_hair_boy_03_BC"');
    expect(svg).toContain('data-layer="kid_skin_5"');
    const roundGlasses = within(group('Accessories')).getByRole('button', {
      name: 'Round glasses',
    });
    expect(decodeURIComponent(roundGlasses.querySelector('img')!.getAttribute('src')!)).toContain(
      'data-layer="kid_acc_glasses_round"',
    );
  });

  it('the small drawings follow a change of the character right after the big picture', async () => {
    const { rerender } = await renderScreen();
    const thumb = () =>
      decodeURIComponent(
        within(group('Hair style'))
          .getByRole('radio', { name: 'Curly' })
          .closest('label')!
          .querySelector('img')!
          .getAttribute('src')!,
      );
    expect(thumb()).toContain('data-layer="kid_skin_1"');
    rerender({
      character: {
        ...(characterOf('child') as ChildCharacter),
        skin: 'kid_skin_6',
        hair: 'kid_hair_boy_01_BL',
      },
    });
    expect(drawnLayers()).toContain('kid_skin_6');
    // A few frames later (inside act, so React's scheduled work runs).
    for (let i = 0; i < 40 && !thumb().includes('data-layer="kid_skin_6"'); i += 1)
      await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(thumb()).toContain('data-layer="kid_skin_6"');
    // Each style is drawn in the hair colour chosen now.
    expect(thumb()).toContain('data-layer="kid_hair_boy_03_BL"');
  });
});

describe('the picture', () => {
  it('is drawn in the page from the character and changes as soon as the prop changes', async () => {
    const { rerender } = await renderScreen();
    expect(picture().querySelector('svg')).not.toBeNull();
    expect(drawnLayers()).toContain('kid_hair_boy_01_BC');
    expect(drawnLayers()).toContain('kid_eyes_GY');
    const changed: ChildCharacter = {
      ...(characterOf('child') as ChildCharacter),
      hair: 'kid_hair_boy_04_RD',
      eyes: 'kid_eyes_BE',
      accessories: ['kid_acc_glasses_round'],
    };
    rerender({ character: changed });
    expect(drawnLayers()).toContain('kid_hair_boy_04_RD');
    expect(drawnLayers()).toContain('kid_eyes_BE');
    expect(drawnLayers()).toContain('kid_acc_glasses_round');
    expect(drawnLayers()).not.toContain('kid_hair_boy_01_BC');
  });

  it('zooms between the whole figure, the body and the face', async () => {
    const user = userEvent.setup();
    await renderScreen({ role: 'mum' });
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const viewBox = () => picture().querySelector('svg')!.getAttribute('viewBox');
    const full = viewBox();
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await user.click(zoomIn);
    expect(picture()).toHaveAccessibleName('Mum as drawn in the book: body and clothes');
    await user.click(zoomIn);
    expect(picture()).toHaveAccessibleName('Mum as drawn in the book: face');
    expect(viewBox()).not.toBe(full);
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await user.click(zoomIn);
    expect(picture()).toHaveAccessibleName('Mum as drawn in the book: face');
    await user.click(zoomOut);
    await user.click(zoomOut);
    expect(picture()).toHaveAccessibleName('Mum as drawn in the book: whole figure');
    expect(viewBox()).toBe(full);
  });
});

describe('layout: tabs up to 768 px, stacked sections above', () => {
  it('wide: every editor is a section with a heading, no tablist', async () => {
    const media = mockMatchMedia(false);
    await renderScreen();
    expect(media.queries).toContain('(max-width: 768px)');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Hair',
      'Eye colour',
      'Clothing',
      'Skin tone',
      'Accessories',
    ]);
  });

  it('narrow: a tablist with one panel at a time, and it follows a change of width', async () => {
    const media = mockMatchMedia(true);
    const user = userEvent.setup();
    await renderScreen({ role: 'dad' });
    const tabs = within(screen.getByRole('tablist', { name: 'Appearance' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Hair',
      'Eye colour',
      'Clothing',
      'Skin tone',
      'Accessories',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Hair' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Eye colour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await user.click(tabs[3]!);
    expect(screen.getByRole('tabpanel', { name: 'Skin tone' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Hair style' })).not.toBeInTheDocument();

    media.set(false);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
  });

  it('narrow: the tablist works by keyboard (arrows wrap, Home, End; one Tab stop)', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    await renderScreen();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Hair')).toHaveAttribute('tabindex', '0');
    expect(tab('Eye colour')).toHaveAttribute('tabindex', '-1');
    tab('Hair').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Eye colour')).toHaveFocus();
    expect(tab('Eye colour')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Eye colour')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel', { name: 'Eye colour' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Green' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(tab('Accessories')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Hair')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Accessories')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Hair')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Hair' })).toBeInTheDocument();
    // Tab leaves the tablist for the panel's first option.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Short' })).toHaveFocus();
  });
});

describe('name, gender and the buttons', () => {
  it('shows the name error only when the spine passes one, tied to the field', async () => {
    const user = userEvent.setup();
    const { rerender, onNameChange } = await renderScreen();
    const input = screen.getByLabelText("Child's name");
    expect(screen.queryByText("Child's name is required")).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'A');
    expect(onNameChange).toHaveBeenLastCalledWith('A');

    rerender({ nameError: 'required' });
    expect(screen.getByText("Child's name is required")).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription("Child's name is required");
    expect(input).toHaveFocus();

    rerender({ nameError: 'tooLong' });
    expect(input).toHaveAccessibleDescription('The name can be at most 24 characters long.');
    rerender({ nameError: null });
    expect(input).not.toHaveAccessibleDescription();
  });

  it("words the parents' required messages per language (Mum, Mom)", async () => {
    await renderScreen({ role: 'dad', nameError: 'required' });
    expect(screen.getByText("Dad's name is required")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Customise Dad' })).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderScreen({ role: 'mum', nameError: 'required' });
    expect(screen.getByText("Mum's name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Mum's name")).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderScreen({ role: 'mum', nameError: 'required' }, 'en-US');
    expect(screen.getByText("Mom's name is required")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Customize Mom' })).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderScreen({ role: 'mum', nameError: 'tooLong' }, 'en-US');
    expect(screen.getByText('The name can be at most 40 characters long.')).toBeInTheDocument();
  });

  it('titles the child screen and offers Boy/Girl as a radio group (child only)', async () => {
    const user = userEvent.setup();
    const { onGenderChange } = await renderScreen({}, 'en-US');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Customize the kid' }),
    ).toBeInTheDocument();
    const gender = group('Boy or girl?');
    expect(within(gender).getByRole('radio', { name: 'Boy' })).toBeChecked();
    await user.click(within(gender).getByRole('radio', { name: 'Girl' }));
    expect(onGenderChange).toHaveBeenCalledWith('girl');
    document.body.innerHTML = '';
    await renderScreen({ role: 'dad' });
    expect(screen.queryByRole('radio', { name: 'Boy' })).not.toBeInTheDocument();
  });

  it('Next calls onNext; Back is there only when given', async () => {
    const user = userEvent.setup();
    const { onNext } = await renderScreen();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
    const onBack = vi.fn();
    await renderScreen({ role: 'mum', onBack });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('languages', () => {
  it('speaks Latvian', async () => {
    const user = userEvent.setup();
    const { onSelect } = await renderScreen({ nameError: 'required' }, 'lv');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Veidojiet bērna tēlu' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bērna vārds')).toHaveAccessibleDescription(
      'Bērna vārds ir obligāts',
    );
    expect(within(group('Zēns vai meitene?')).getByRole('radio', { name: 'Zēns' })).toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Acu krāsa' })).toBeInTheDocument();
    await user.click(within(group('Acu krāsa')).getByRole('radio', { name: 'Zaļas' }));
    expect(onSelect).toHaveBeenLastCalledWith('eyes', 'kid_eyes_GR');
    await user.click(within(group('Matu krāsa')).getByRole('radio', { name: 'Rudi' }));
    expect(onSelect).toHaveBeenLastCalledWith('hair', 'kid_hair_boy_01_RD');
    expect(
      within(group('Aksesuāri')).getByRole('button', { name: 'Vasaras raibumi' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pietuvināt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tālāk' })).toBeInTheDocument();
  });

  it('names every catalogue option in every language', async () => {
    const keyOf = (role: Role, category: string, option: CatalogueOption): string | null => {
      switch (category) {
        case 'hair':
          return `hair.styles.${option.styleKey}`;
        case 'eyes':
          return `eyes.colours.${option.colour}`;
        case 'skin':
          return `skin.tones.${option.style}`;
        case 'tshirt':
          return `clothing.tshirts.${option.style}`;
        case 'shorts':
          return `clothing.shortsOptions.${option.style}`;
        case 'accessories':
          return option.exclusiveGroup === 'clothes'
            ? `clothing.colours.${option.styleKey}`
            : option.exclusiveGroup === 'build'
              ? `clothing.builds.${option.styleKey}`
              : `accessories.options.${option.styleKey}`;
        default:
          return role === 'child' && category === 'lashes' ? null : `unexpected.${category}`;
      }
    };
    for (const language of ['lv', 'en-GB', 'en-US']) {
      const i18n = await createTestI18n(language);
      const missing: string[] = [];
      for (const role of ['child', 'dad', 'mum'] as const) {
        for (const category of categoriesOf(role)) {
          for (const option of optionsOf(role, category)) {
            const keys = [
              keyOf(role, category, option),
              category === 'hair' ? `hair.colours.${option.colour}` : null,
            ];
            for (const key of keys)
              if (key && !i18n.exists(key, { ns: 'characters' }))
                missing.push(`${language}: ${key}`);
          }
        }
      }
      expect(missing).toEqual([]);
    }
  });
});
