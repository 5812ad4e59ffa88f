import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../../../shared/photos.ts';
import { PhotoGallery } from './photo-gallery.tsx';

// The listing page's gallery (docs/photos.md#on-the-pages). jsdom lays nothing out: the track is
// given a width, and scrolling is recorded (scrollTo) or told (a scroll event at a scrollLeft).

const NAME = 'Lenovo ThinkPad T14';
const WIDTH = 300;

const photo = (n: number): Photo => {
  const id = `${n}`.repeat(32);
  return { id, url: `/photos/${id}/1280.webp`, width: 1280, height: 800, widths: [320, 640, 960, 1280] };
};
const PHOTOS = [photo(1), photo(2), photo(3)];

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
});
afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
});

function renderGallery(photos = PHOTOS) {
  const user = userEvent.setup();
  const view = render(<PhotoGallery photos={photos} name={NAME} />);
  const track = screen.queryByRole('region', { name: 'Photos: use the arrow keys to move between them' });
  if (track) Object.defineProperty(track, 'clientWidth', { configurable: true, value: WIDTH });
  return { ...view, user, track: track! };
}

/** The big pictures rendered so far (hidden ones included), by their alt text. */
const bigImages = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLImageElement>('img')].filter((img) => img.alt.startsWith(`${NAME}, photo`));
const counter = () => screen.getByText(/^\d+ \/ \d+$/);
const current = () => screen.getByRole('img', { name: new RegExp(`^${NAME}, photo \\d of 3$`) });
/** Says where a swipe has brought the track. */
function swipeTo(track: HTMLElement, scrollLeft: number) {
  Object.defineProperty(track, 'scrollLeft', { configurable: true, value: scrollLeft });
  fireEvent.scroll(track);
}

describe('PhotoGallery', () => {
  it('shows the first photo, fetched at once and first, and a counter', () => {
    const { container } = renderGallery();
    expect(screen.getByRole('region', { name: `Photos of ${NAME}` })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(current()).toHaveAccessibleName(`${NAME}, photo 1 of 3`);
    expect(current()).toHaveAttribute('loading', 'eager');
    expect(current()).toHaveAttribute('fetchpriority', 'high');
    expect(current().closest('picture')?.querySelector('source')).toHaveAttribute(
      'srcset',
      expect.stringContaining(`/photos/${PHOTOS[0]!.id}/320.avif 320w`),
    );
    expect(counter()).toHaveTextContent('1 / 3');
    // Only the first photo is in the page until the buyer reaches for the gallery.
    expect(bigImages(container).map((img) => img.alt)).toEqual([`${NAME}, photo 1 of 3`]);
  });

  it('puts the other photos in once the buyer reaches for the gallery, lazily', async () => {
    for (const reach of ['focus', 'pointer', 'touch'] as const) {
      const { container, track, unmount } = renderGallery();
      expect(bigImages(container)).toHaveLength(1);
      if (reach === 'focus') act(() => track.focus());
      if (reach === 'pointer') fireEvent.pointerEnter(track);
      if (reach === 'touch') fireEvent.touchStart(track);
      const images = bigImages(container);
      expect(
        images.map((img) => img.alt),
        reach,
      ).toEqual([1, 2, 3].map((n) => `${NAME}, photo ${n} of 3`));
      expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
      expect(images[2]!.closest('picture')?.querySelector('source')).toHaveAttribute(
        'srcset',
        expect.stringContaining(`/photos/${PHOTOS[2]!.id}/640.avif 640w`),
      );
      unmount();
    }
  });

  it('moves with Previous and Next, which stop at the ends', async () => {
    const { user, container } = renderGallery();
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(counter()).toHaveTextContent('2 / 3');
    expect(current()).toHaveAccessibleName(`${NAME}, photo 2 of 3`);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'smooth' });
    expect(bigImages(container)).toHaveLength(3);
    expect(previous).toBeEnabled();

    await user.click(next);
    expect(counter()).toHaveTextContent('3 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * WIDTH, behavior: 'smooth' });
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(counter()).toHaveTextContent('2 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'smooth' });
  });

  it('moves with the arrow keys, Home and End once the photos have focus', async () => {
    const { user, track } = renderGallery();
    expect(track).toHaveAttribute('tabindex', '0');
    await user.tab();
    expect(track).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('2 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: WIDTH, behavior: 'smooth' });
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 3');
    // Past the last: stays on it.
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(counter()).toHaveTextContent('2 / 3');
    await user.keyboard('{Home}');
    expect(counter()).toHaveTextContent('1 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
    await user.keyboard('{End}');
    expect(counter()).toHaveTextContent('3 / 3');
    expect(current()).toHaveAccessibleName(`${NAME}, photo 3 of 3`);
    // Other keys are left alone.
    await user.keyboard('{ArrowUp}');
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('hides all but the shown photo from assistive technology', async () => {
    const { user, container } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    const slides = bigImages(container).map((img) => img.closest('picture')!.parentElement!);
    expect(slides.map((slide) => slide.getAttribute('aria-hidden'))).toEqual(['true', null, 'true']);
    expect(screen.getAllByRole('img', { name: new RegExp(`^${NAME}, photo`) })).toHaveLength(1);
  });

  it('follows a swipe: the photo the track comes to rest on is the current one', () => {
    const { track } = renderGallery();
    swipeTo(track, 2 * WIDTH);
    expect(counter()).toHaveTextContent('3 / 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    swipeTo(track, WIDTH);
    expect(counter()).toHaveTextContent('2 / 3');
  });

  it('keeps the photo asked for while the track scrolls smoothly to it', async () => {
    const { user, track } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    // On its way from the first photo to the second, the track starts where the first is.
    swipeTo(track, 2);
    swipeTo(track, WIDTH * 0.2);
    expect(counter()).toHaveTextContent('2 / 3');
    // A second press before it has arrived goes on to the third.
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(counter()).toHaveTextContent('3 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * WIDTH, behavior: 'smooth' });
    swipeTo(track, WIDTH * 1.02);
    swipeTo(track, WIDTH * 1.3);
    expect(counter()).toHaveTextContent('3 / 3');
    swipeTo(track, WIDTH * 2);
    expect(counter()).toHaveTextContent('3 / 3');
    // Arrived: a swipe is followed again.
    swipeTo(track, WIDTH);
    expect(counter()).toHaveTextContent('2 / 3');
  });

  it('follows a finger that takes over from a scroll the buttons started', async () => {
    const { user, track } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    swipeTo(track, WIDTH * 0.4);
    expect(counter()).toHaveTextContent('3 / 3');
    fireEvent.touchStart(track);
    swipeTo(track, 0);
    expect(counter()).toHaveTextContent('1 / 3');
  });

  it('follows a swipe after a button asked for the photo already shown', async () => {
    const { user, track } = renderGallery();
    await user.keyboard('{Tab}{End}');
    swipeTo(track, 2 * WIDTH);
    expect(counter()).toHaveTextContent('3 / 3');
    // End again: the track is there already, nothing scrolls.
    await user.keyboard('{End}');
    swipeTo(track, WIDTH);
    expect(counter()).toHaveTextContent('2 / 3');
  });

  it('has thumbnails that show their photo and mark the current one', async () => {
    const { user } = renderGallery();
    const thumbnails = within(screen.getByRole('list', { name: 'Choose a photo' })).getAllByRole('button');
    expect(thumbnails.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Show photo 1',
      'Show photo 2',
      'Show photo 3',
    ]);
    expect(thumbnails.map((t) => t.getAttribute('aria-current'))).toEqual(['true', null, null]);
    // Small files: the thumbnails ask for 80 px.
    expect(thumbnails[1]!.querySelector('source')).toHaveAttribute('sizes', '80px');
    expect(thumbnails[1]!.querySelector('img')).toHaveAttribute('loading', 'lazy');

    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(counter()).toHaveTextContent('3 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * WIDTH, behavior: 'smooth' });
    expect(thumbnails.map((t) => t.getAttribute('aria-current'))).toEqual([null, null, 'true']);

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(thumbnails.map((t) => t.getAttribute('aria-current'))).toEqual([null, 'true', null]);
  });

  it('starts again from the first photo when it is given another listing’s photos', async () => {
    // The listing page stays mounted when a buyer follows a similar laptop's link.
    const { user, container, rerender } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(counter()).toHaveTextContent('3 / 3');
    const others = [photo(7), photo(8)];
    rerender(<PhotoGallery photos={others} name="Dell XPS 13" />);
    expect(screen.getByText(/^\d+ \/ \d+$/)).toHaveTextContent('1 / 2');
    expect(screen.getByRole('img', { name: 'Dell XPS 13, photo 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show photo 1' })).toHaveAttribute('aria-current', 'true');
    // Only its first photo, until the buyer reaches for it.
    expect(container.querySelectorAll('img[alt^="Dell XPS 13, photo"]')).toHaveLength(1);
  });

  it('shows a single photo without buttons, counter, thumbnails or a stop for the keyboard', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={[photo(1)]} name={NAME} />);
    const track = screen.getByRole('region', { name: `Photo of ${NAME}` });
    expect(track).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('img', { name: `${NAME}, photo 1 of 1` })).toHaveAttribute('loading', 'eager');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ \/ \d+$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Choose a photo' })).not.toBeInTheDocument();
    await user.tab();
    expect(track).not.toHaveFocus();
  });
});
