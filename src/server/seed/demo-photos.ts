import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../platform/paths.ts';

// The demo listings' photos: files made by scripts/demo-photos.ts with the processing every upload
// gets, kept in src/server/seed/photos with a manifest (docs/photos.md#demo-photos).

export const DEMO_PHOTOS_DIR = join(rootDir, 'src/server/seed/photos');

interface ManifestEntry {
  name: string;
  id: string;
  width: number;
  height: number;
  /** The widths it was stored at (ProcessedPhoto). */
  widths: number[];
  bytes: number;
  /** Its perceptual hash as a signed 64-bit decimal (scripts/demo-photos.ts): what an upload of it gets. */
  phash?: string;
  files: string[];
}

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };

export function readDemoPhotos(dir = DEMO_PHOTOS_DIR) {
  const manifestFile = join(dir, 'manifest.json');
  const entries: ManifestEntry[] = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : [];
  return {
    photos: entries.map((entry) => ({
      ...entry,
      phash: entry.phash === undefined ? null : BigInt(entry.phash),
      files: entry.files.map((name) => ({
        name,
        type: TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
        read: () => readFileSync(join(dir, entry.id, name)),
      })),
    })),
  };
}
