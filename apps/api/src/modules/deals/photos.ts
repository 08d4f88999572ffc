/**
 * Deal photos (DECISIONS.md Photos): up to 30 a deal, 15 MB each, JPEG, PNG, WebP or HEIC by their
 * bytes. Each is decoded, turned upright by its EXIF orientation and re-encoded as WebP in three
 * sizes (2400, 1200 and 400 px on the longer side, never enlarged) without any metadata, so GPS
 * positions and camera data never leave the server. The first photo is the cover.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';

/** Widths of the variants next to the full-size image; the card uses 400, the gallery 1200. */
export const PHOTO_VARIANTS = [1200, 400] as const;
const FULL_SIZE = 2400;

export interface ProcessedPhoto {
  key: string;
  width: number;
  height: number;
}

/**
 * The stored sizes of a photo as a `srcset` (`<url> 400w, <url> 1200w, <url> 2400w`), so that a
 * browser downloads the smallest one that is sharp at its layout width and screen density. The
 * widths are those the resizes produced: each variant fits a square of its size, never enlarged.
 */
export function photoSrcSet(
  key: string,
  size: { width: number; height: number },
  urlOf: (key: string) => string,
): string {
  const longer = Math.max(size.width, size.height);
  const sizes = PHOTO_VARIANTS.map((variant) => ({
    key: variantKey(key, variant),
    width: Math.round(size.width * Math.min(1, variant / longer)),
  }));
  const entries = [...sizes.reverse(), { key, width: size.width }];
  // A small original gives variants of equal width; one entry per width.
  const seen = new Set<number>();
  return entries
    .filter((e) => !seen.has(e.width) && seen.add(e.width))
    .map((e) => `${urlOf(e.key)} ${e.width}w`)
    .join(', ');
}

/** `photos/<id>.webp` → `photos/<id>-400.webp` */
export function variantKey(key: string, width: (typeof PHOTO_VARIANTS)[number]): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

/** A photo decoded and re-encoded, its sizes not stored yet. */
export interface EncodedPhoto {
  full: Buffer;
  width: number;
  height: number;
  variants: { width: (typeof PHOTO_VARIANTS)[number]; data: Buffer }[];
}

/** Decodes a photo, turns it upright and encodes its sizes; `PHOTO_UNREADABLE` for any bad file. */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  let full: { data: Buffer; info: OutputInfo };
  let image: Sharp;
  try {
    image = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    full = await image
      .clone()
      .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      PHOTO_VARIANTS.map(async (width) => ({
        width,
        data: await image
          .clone()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { full: full.data, width: full.info.width, height: full.info.height, variants };
  } catch {
    // Anything the decoder cannot read, at any size, is the file's problem, not the server's.
    throw new AppError('PHOTO_UNREADABLE');
  }
}

/** Stores an encoded photo's sizes under a new key of its own. */
export async function putPhoto(storage: FileStorage, photo: EncodedPhoto): Promise<ProcessedPhoto> {
  const key = `photos/${randomUUID()}.webp`;
  await storage.put(key, photo.full, 'image/webp');
  for (const variant of photo.variants)
    await storage.put(variantKey(key, variant.width), variant.data, 'image/webp');
  return { key, width: photo.width, height: photo.height };
}

export async function storePhoto(storage: FileStorage, bytes: Buffer): Promise<ProcessedPhoto> {
  return putPhoto(storage, await encodePhoto(bytes));
}

export async function removePhotoFiles(storage: FileStorage, key: string): Promise<void> {
  await storage.delete(key);
  for (const width of PHOTO_VARIANTS) await storage.delete(variantKey(key, width));
}
