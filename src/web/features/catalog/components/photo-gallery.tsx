import { t } from '@lingui/core/macro';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { Photo } from '../../../../shared/photos.ts';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { formatCount } from '../../../lib/format.ts';

interface PhotoGalleryProps {
  photos: Photo[];
  /** The laptop's name: each photo's alt text says which of its photos it is. */
  name: string;
  className?: string;
}

const SIZES = '(min-width: 1024px) 50vw, 100vw';

/**
 * A listing's photos (docs/photos.md#pages): one at a time, swiped sideways on a phone (scroll
 * snapping), with arrow keys once focused, the buttons beside it, or a thumbnail from 640 px up.
 * Only the first photo is fetched with the page; the others once the buyer starts looking through
 * them, so a listing with eight photos costs one photo's bytes to open.
 */
export function PhotoGallery(props: PhotoGalleryProps) {
  // The listing page stays mounted when the buyer follows a link to another laptop: its photos
  // start again from the first, scrolled back, with only that one fetched.
  return <Gallery key={props.photos.map((photo) => photo.id).join(' ')} {...props} />;
}

function Gallery({ photos, name, className = '' }: PhotoGalleryProps) {
  const track = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  // The photos the buyer may look at next: all of them once they reach for the gallery.
  const [browsing, setBrowsing] = useState(false);
  const count = photos.length;
  // The photo a button, key or thumbnail asked for while the track scrolls smoothly to it: the
  // photos it passes on the way (the one it leaves first) are not the current one.
  const heading = useRef<number | null>(null);
  const startBrowsing = () => setBrowsing(true);
  // A finger or a wheel takes over from a scroll the buttons started.
  const takeOver = () => {
    heading.current = null;
    setBrowsing(true);
  };
  const nearest = (el: HTMLElement) => Math.max(0, Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));

  const show = (next: number) => {
    const i = Math.max(0, Math.min(count - 1, next));
    setBrowsing(true);
    setIndex(i);
    const el = track.current;
    if (!el) return;
    heading.current = el.clientWidth > 0 && nearest(el) !== i ? i : null;
    el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  };

  // A swipe ends on a photo: that photo is the current one.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setBrowsing(true);
    const i = nearest(el);
    if (heading.current !== null) {
      if (i !== heading.current) return;
      heading.current = null;
    }
    if (i !== index) setIndex(i);
  };

  const total = formatCount(count);
  const label = (i: number) => {
    const position = formatCount(i + 1);
    return t`${name}, photo ${position} of ${total}`;
  };
  const showLabel = (i: number) => {
    const position = formatCount(i + 1);
    return t`Show photo ${position}`;
  };

  return (
    <section aria-roledescription="carousel" aria-label={t`Photos of ${name}`} className={`grid gap-3 ${className}`}>
      <div className="relative overflow-hidden rounded-box border border-base-300 bg-base-200">
        {/* A scrolling region is focusable so the keyboard reaches it; the arrow keys move through the photos. */}
        <section
          ref={track}
          tabIndex={count > 1 ? 0 : undefined}
          onKeyDown={count > 1 ? onKeyDown : undefined}
          onScroll={onScroll}
          onPointerEnter={startBrowsing}
          onTouchStart={takeOver}
          onWheel={takeOver}
          onFocus={startBrowsing}
          aria-label={count > 1 ? t`Photos: use the arrow keys to move between them` : t`Photo of ${name}`}
          className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {photos.map((photo, i) => (
            <div key={photo.id} aria-hidden={i !== index ? true : undefined} className="w-full shrink-0 snap-center">
              {i === 0 || browsing ? (
                <LaptopImage photo={photo} src={photo.url} alt={label(i)} sizes={SIZES} priority={i === 0} />
              ) : (
                <div className="aspect-[8/5] w-full" />
              )}
            </div>
          ))}
        </section>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2 bg-base-100/80"
              onClick={() => show(index - 1)}
              disabled={index === 0}
              aria-label={t`Previous photo`}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2 bg-base-100/80"
              onClick={() => show(index + 1)}
              disabled={index === count - 1}
              aria-label={t`Next photo`}
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="badge badge-neutral absolute right-2 bottom-2" aria-live="polite">
              {formatCount(index + 1)} / {total}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        // From 640 px up: a row of the photos to jump to (on a phone the swipe and the counter do).
        <ul className="hidden gap-2 sm:flex" aria-label={t`Choose a photo`}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="w-20">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={showLabel(i)}
                aria-current={i === index ? true : undefined}
                className={`block overflow-hidden rounded-field border-2 ${i === index ? 'border-primary' : 'border-transparent'}`}
              >
                <LaptopImage photo={photo} src={photo.url} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
