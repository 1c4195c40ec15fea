import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_IDS } from '#book/types.ts';
import {
  PreviewScreen,
  type PreviewImage,
  type PreviewScreenProps,
} from '#src/features/builder/preview-screen/preview-screen.tsx';
import { createTestI18n } from './i18n-test.ts';

/** The 25 pages in the order the queue draws them; the first `ready` are in. */
function pages(
  ready: number,
  overrides: Partial<Record<string, PreviewImage['status']>> = {},
): PreviewImage[] {
  return PAGE_IDS.map((page, i) => {
    const status = overrides[page] ?? (i < ready ? 'ready' : i === ready ? 'loading' : 'waiting');
    return status === 'ready'
      ? { page, status, url: `blob:http://localhost/${page}` }
      : { page, status };
  });
}

async function renderPreview(props: Partial<PreviewScreenProps> = {}, language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const handlers = { onRetry: vi.fn(), onNext: vi.fn(), onReturn: vi.fn() };
  const images = props.images ?? pages(25);
  const remaining = props.remaining ?? images.filter((image) => image.status !== 'ready').length;
  const view = render(
    <I18nextProvider i18n={i18n}>
      <PreviewScreen images={images} remaining={remaining} {...handlers} {...props} />
    </I18nextProvider>,
  );
  const rerender = (next: Partial<PreviewScreenProps>) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <PreviewScreen images={images} remaining={remaining} {...handlers} {...props} {...next} />
      </I18nextProvider>,
    );
  return { ...handlers, rerender };
}

const stage = () => screen.getByRole('group', { name: /Page \d+ of 25/ });

describe('the preview viewer', () => {
  it('labels Next with the number of images still loading, and plain Next once all are in', async () => {
    const { rerender, onNext } = await renderPreview({ images: pages(3), remaining: 21 });
    expect(
      screen.getByRole('button', { name: 'Next (21 images still loading)' }),
    ).toBeInTheDocument();
    rerender({ images: pages(23), remaining: 1 });
    expect(
      screen.getByRole('button', { name: 'Next (1 image still loading)' }),
    ).toBeInTheDocument();
    rerender({ images: pages(25), remaining: 0 });
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('says the Next label in natural Latvian, singular for 1 and 21, plural otherwise', async () => {
    const { rerender } = await renderPreview({ images: pages(0), remaining: 24 }, 'lv');
    expect(
      screen.getByRole('button', { name: 'Tālāk (vēl ielādējas 24 attēli)' }),
    ).toBeInTheDocument();
    rerender({ remaining: 21 });
    expect(
      screen.getByRole('button', { name: 'Tālāk (vēl ielādējas 21 attēls)' }),
    ).toBeInTheDocument();
    rerender({ remaining: 1 });
    expect(
      screen.getByRole('button', { name: 'Tālāk (vēl ielādējas 1 attēls)' }),
    ).toBeInTheDocument();
    rerender({ remaining: 11 });
    expect(
      screen.getByRole('button', { name: 'Tālāk (vēl ielādējas 11 attēli)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Lappuse 1 no 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atpakaļ' })).toBeInTheDocument();
  });

  it('shows the cover first with its alt text and the page indicator', async () => {
    await renderPreview();
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument();
    expect(within(stage()).getByRole('img', { name: 'Cover' })).toHaveAttribute(
      'src',
      'blob:http://localhost/cover',
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('turns pages with the buttons, the thumbnails and the indicator follows', async () => {
    const user = userEvent.setup();
    await renderPreview();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    expect(within(stage()).getByRole('img', { name: 'Dedication page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(stage()).getByRole('img', { name: 'Pages 1-2' })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 25')).toBeInTheDocument();

    const thumbnails = within(screen.getByRole('navigation', { name: 'Pages' }));
    // The last page is the back of the book (issue #43), after the story's last spread.
    await user.click(thumbnails.getByRole('button', { name: 'Back cover' }));
    expect(screen.getByText('Page 25 of 25')).toBeInTheDocument();
    expect(thumbnails.getByRole('button', { name: 'Back cover' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(within(stage()).getByRole('img', { name: 'Pages 43-44' })).toBeInTheDocument();
  });

  it('turns pages with the Left and Right arrow keys while the viewer has focus', async () => {
    const user = userEvent.setup();
    await renderPreview();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument(); // focus is not in the viewer yet
    stage().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Page 4 of 25')).toBeInTheDocument();
    expect(within(stage()).getByRole('img', { name: 'Pages 3-4' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Page 3 of 25')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('Page 25 of 25')).toBeInTheDocument();
    expect(within(stage()).getByRole('img', { name: 'Back cover' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 25 of 25')).toBeInTheDocument();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument();
  });

  it('makes the thumbnail strip one tab stop whose arrow keys turn the pages and carry the focus', async () => {
    const user = userEvent.setup();
    await renderPreview();
    const thumbnails = within(screen.getByRole('navigation', { name: 'Pages' }));
    const cover = thumbnails.getByRole('button', { name: 'Cover' });
    expect(thumbnails.getAllByRole('button').filter((button) => button.tabIndex === 0)).toEqual([
      cover,
    ]);
    cover.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Page 3 of 25')).toBeInTheDocument();
    expect(thumbnails.getByRole('button', { name: 'Pages 1-2' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();
  });

  it('turns pages with a sideways swipe and ignores short or vertical moves', async () => {
    await renderPreview();
    const swipe = (fromX: number, toX: number, fromY = 200, toY = 200) => {
      fireEvent.pointerDown(stage(), {
        pointerId: 1,
        pointerType: 'touch',
        clientX: fromX,
        clientY: fromY,
      });
      fireEvent.pointerUp(stage(), {
        pointerId: 1,
        pointerType: 'touch',
        clientX: toX,
        clientY: toY,
      });
    };
    swipe(300, 100); // finger moves left: the next page
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    swipe(300, 100);
    expect(screen.getByText('Page 3 of 25')).toBeInTheDocument();
    swipe(100, 300); // finger moves right: back
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    swipe(200, 180); // a tap or a tiny move
    swipe(200, 140, 100, 400); // mostly a vertical scroll
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    fireEvent.pointerDown(stage(), {
      pointerId: 1,
      pointerType: 'touch',
      clientX: 300,
      clientY: 200,
    });
    fireEvent.pointerCancel(stage(), { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(stage(), { pointerId: 1, pointerType: 'touch', clientX: 50, clientY: 200 });
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
  });

  it('shows a loading skeleton for a page that is not in yet', async () => {
    await renderPreview({ images: pages(1), remaining: 23 });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(stage()).queryByRole('img')).toBeNull();
    expect(within(stage()).getByText('Loading your book…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your book…');
    expect(screen.getByRole('button', { name: 'Dedication page (loading)' })).toBeInTheDocument();
  });

  it('shows the loading state before the queue has named any page', async () => {
    await renderPreview({ images: [], remaining: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your book…');
    expect(
      within(screen.getByRole('region', { name: 'Book preview' })).getAllByText(
        'Loading your book…',
      ),
    ).toHaveLength(2);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('keeps a placeholder for a failed page with Try again, which asks for that page', async () => {
    const user = userEvent.setup();
    const images = pages(24, { 'page_5-6': 'failed' });
    const { onRetry, rerender } = await renderPreview({ images, remaining: 1 });
    await user.click(screen.getByRole('button', { name: 'Pages 5-6 (not loaded)' }));
    expect(screen.getByText('Page 5 of 25')).toBeInTheDocument();
    expect(within(stage()).getByText('This page could not be loaded.')).toBeInTheDocument();
    await user.click(within(stage()).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith('page_5-6');
    expect(stage()).toHaveFocus();
    rerender({ images: pages(25), remaining: 0 });
    expect(within(stage()).getByRole('img', { name: 'Pages 5-6' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('All pages are ready.');
  });

  it('reserves each page shape so nothing jumps when the image arrives', async () => {
    const { rerender } = await renderPreview({ images: pages(2), remaining: 22 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pages 1-2 (loading)' }));
    expect(stage().firstElementChild).toHaveClass('book-preview__page--spread');
    rerender({ images: pages(3), remaining: 21 });
    const image = within(stage()).getByRole('img', { name: 'Pages 1-2' });
    expect(image).toHaveAttribute('width', '1280');
    expect(image).toHaveAttribute('height', '784');
    await user.click(screen.getByRole('button', { name: 'Cover' }));
    expect(within(stage()).getByRole('img', { name: 'Cover' })).toHaveAttribute('width', '640');
    expect(stage().firstElementChild).toHaveClass('book-preview__page--single');
  });

  it('calls onReturn from the Return button', async () => {
    const { onReturn } = await renderPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    expect(onReturn).toHaveBeenCalledTimes(1);
  });
});
