import { LaptopImage } from '../../../components/laptop-image.tsx';

/**
 * The listing's photo beside a conversation, in the list and on top of the thread: decorative
 * (the listing's name is beside it), small, and in the 8:5 box of every laptop picture.
 */
export function ListingThumb({ src, size = 'sm' }: { src: string; size?: 'sm' | 'md' }) {
  return (
    <div className={`shrink-0 overflow-hidden rounded-field ${size === 'sm' ? 'w-16' : 'w-20'}`}>
      <LaptopImage photo={null} src={src} alt="" sizes={size === 'sm' ? '64px' : '80px'} />
    </div>
  );
}
