import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@dealclub/shared/deal-rules';
import { checkPhoto, sortPhotos } from './form-photo-checks';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
const png = (name = 'a.png') => new File([PNG], name, { type: 'image/png' });

describe('photo checks', () => {
  it('accepts an image by its bytes and refuses other files whatever their name', async () => {
    expect(await checkPhoto(png(), 0)).toBeNull();
    expect(await checkPhoto(new File(['hello'], 'fake.jpg', { type: 'image/jpeg' }), 0)).toBe(
      'PHOTO_TYPE_UNSUPPORTED',
    );
  });

  it('refuses a file over 15 MB and photos beyond 30', async () => {
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: MAX_PHOTO_BYTES + 1 });
    expect(await checkPhoto(big, 0)).toBe('PHOTO_TOO_LARGE');
    const sorted = await sortPhotos([png('1.png'), png('2.png'), png('3.png')], 28);
    expect(sorted.accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(sorted.refused).toEqual([
      { file: expect.objectContaining({ name: '3.png' }), code: 'PHOTO_LIMIT' },
    ]);
  });
});
