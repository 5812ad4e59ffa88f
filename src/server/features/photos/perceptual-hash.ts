import type { Sharp } from 'sharp';

// A photo's perceptual hash (docs/photos.md#perceptual-hash, docs/decisions/0039): the DCT pHash of
// phash.org and Python's imagehash. The picture is shrunk to 32 × 32 grey pixels (its aspect
// ignored), taken to frequencies by a 2-D DCT-II, and its 8 × 8 lowest frequencies (the coarse shape
// of the picture, which re-encoding, resizing, small crops and brightness keep) each give one bit:
// above their median or not. Copies of one photo differ in few bits; different photos in about half.
// Hand-written rather than a package: it hashes the pixels an upload has already decoded, and is
// the few lines below (docs/decisions/0039).

const SIZE = 32;
const LOW = 8;

/** cos((2x + 1) u π / 2N) by [u][x]: the DCT-II's basis, the same for rows and columns. */
const BASIS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/**
 * The 64-bit hash of an image (a sharp pipeline, e.g. of an upload's decoded, upright pixels), as a
 * signed 64-bit integer: what a PostgreSQL bigint holds. Bit 8u + v, from the lowest, is frequency
 * (u, v): u down, v across.
 */
export async function perceptualHash(image: Sharp): Promise<bigint> {
  const grey = await image.greyscale().resize(SIZE, SIZE, { fit: 'fill' }).raw({ depth: 'uchar' }).toBuffer();
  // Separable DCT: the rows' low frequencies first (32 × 8), then the columns' (8 × 8). Unnormalised,
  // as imagehash's: every coefficient has the same scale, so the median compares like with like.
  // Frequency (0, 0), the mean, is always above the median: one bit every hash has.
  const rows = Array.from({ length: SIZE }, (_, y) =>
    BASIS.map((b) => {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += b[x]! * grey[y * SIZE + x]!;
      return sum;
    }),
  );
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += BASIS[u]![y]! * rows[y]![v]!;
      coefficients.push(sum);
    }
  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = (sorted[(LOW * LOW) / 2 - 1]! + sorted[(LOW * LOW) / 2]!) / 2;
  let hash = 0n;
  coefficients.forEach((c, bit) => {
    if (c > median) hash |= 1n << BigInt(bit);
  });
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two hashes (0–64): the same count as SQL's bit_count((a # b)::bit(64)). */
export function hashDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n += 1;
  }
  return n;
}
