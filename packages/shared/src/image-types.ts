/**
 * The image types the product takes (a profile picture, a company logo, a feedback screenshot, a
 * deal photo) and how their first bytes tell them apart: what a browser checks before it uploads and
 * the API again when the bytes arrive. Without zod, so that a screen that checks a photo does not
 * load the schemas.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What an image's first bytes say it is; null when it is not a JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Deal photos may also be HEIC/HEIF (DECISIONS.md Photos): an ISO-BMFF `ftyp` box of those brands. */
export function sniffPhotoType(bytes: Uint8Array): ImageType | 'image/heic' | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (
    ascii(4, 8) === 'ftyp' &&
    ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif'].includes(ascii(8, 12))
  ) {
    return 'image/heic';
  }
  return null;
}
