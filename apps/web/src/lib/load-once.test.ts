import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller, and again after a failure only', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('data');
    const get = loadOnce(load);

    const [first, second] = [get(), get()];
    expect(first).toBe(second);
    await expect(first).rejects.toThrow('Failed to fetch');

    await expect(get()).resolves.toBe('data');
    await expect(get()).resolves.toBe('data');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
