import { PHOTO_LIMITS } from '../../shared/photo-files.ts';

// A photo made small enough to send from a phone (docs/photos.md#in-the-browser): drawn upright
// (the EXIF orientation applied) at most 2048 px on its long side and written as a JPEG. A 12 MP
// camera photo of 4–6 MB becomes a few hundred KB; a phone's HEIC becomes a JPEG wherever the
// browser can open it. What cannot be drawn (not an image, or a kind this browser cannot read) is
// sent as it is, for the server to accept or refuse with its own message.

export interface ScaledPhoto {
  blob: Blob;
  name: string;
  width: number;
  height: number;
}

const QUALITY = 0.86;

/** The size to draw a `width` × `height` image at: the long side at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_LIMITS.clientMaxSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function scalePhoto(file: File): Promise<ScaledPhoto | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob) return null;
    const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return { blob, name: `${base}.jpg`, ...size };
  } finally {
    bitmap.close();
  }
}
