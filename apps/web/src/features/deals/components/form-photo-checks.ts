/**
 * The checks the API makes on a photo, made before it is sent: at most 30 a deal, 15 MB each, and
 * JPEG, PNG, WebP or HEIC by the file's first bytes (not its name). Answers the error code of the
 * first refused rule (`errors.<CODE>` is its text) or null.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@dealclub/shared/deal-rules';
import { sniffPhotoType } from '@dealclub/shared/image-types';

export type PhotoRefusal = 'PHOTO_LIMIT' | 'PHOTO_TOO_LARGE' | 'PHOTO_TYPE_UNSUPPORTED';

/** The first bytes of a file (`Blob.arrayBuffer`, or a FileReader where a DOM lacks it). */
async function firstBytes(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 16);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(slice);
  });
}

export async function checkPhoto(file: File, photosAlready: number): Promise<PhotoRefusal | null> {
  if (photosAlready >= MAX_PHOTOS) return 'PHOTO_LIMIT';
  if (file.size > MAX_PHOTO_BYTES) return 'PHOTO_TOO_LARGE';
  if (!sniffPhotoType(await firstBytes(file))) return 'PHOTO_TYPE_UNSUPPORTED';
  return null;
}

/** Accepted by the file picker (the bytes are checked anyway). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** Checks picked files in order against the photos already there; the accepted and the refused. */
export async function sortPhotos(
  files: readonly File[],
  photosAlready: number,
): Promise<{ accepted: File[]; refused: { file: File; code: PhotoRefusal }[] }> {
  const accepted: File[] = [];
  const refused: { file: File; code: PhotoRefusal }[] = [];
  for (const file of files) {
    const code = await checkPhoto(file, photosAlready + accepted.length);
    if (code) refused.push({ file, code });
    else accepted.push(file);
  }
  return { accepted, refused };
}
