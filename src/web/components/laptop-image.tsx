import { photoSources } from '../../shared/photo-sources.ts';
import type { Photo } from '../../shared/photos.ts';

/** The box every laptop picture fills (8:5); a photo of another shape is cropped to it. */
export const LAPTOP_IMAGE_SIZE = { width: 640, height: 400 } as const;

interface LaptopImageProps {
  /** The laptop's cover photo, or null for a listing with an image URL only. */
  photo: Photo | null;
  /** The image URL (`laptop_img`): the cover's widest WebP, or the seller's URL. */
  src: string;
  alt: string;
  /** How wide the picture shows at each viewport width, for the browser to pick a file. */
  sizes: string;
  /** Above the fold (the listing page's first photo): load at once and first. */
  priority?: boolean;
  className?: string;
}

/**
 * A laptop's picture: with a photo, a <picture> offering AVIF then WebP at the widths it was stored
 * at (docs/photos.md#on-the-pages); with an image URL, that image. Always with a width and height,
 * so the page does not move when it arrives.
 */
export function LaptopImage({ photo, src, alt, sizes, priority = false, className = '' }: LaptopImageProps) {
  const loading = priority ? 'eager' : 'lazy';
  const img = (
    <img
      src={src}
      alt={alt}
      width={photo?.width ?? LAPTOP_IMAGE_SIZE.width}
      height={photo?.height ?? LAPTOP_IMAGE_SIZE.height}
      loading={loading}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`aspect-[8/5] h-auto w-full object-cover ${className}`}
    />
  );
  if (!photo) return img;
  const sources = photoSources(photo);
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
