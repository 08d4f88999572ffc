import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru';

describe('a sized LRU', () => {
  it('lets the least recently used go past its size, keeping what was just read', () => {
    const lru = new SizedLru<string>({ maxSize: 10 });
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    // Replacing a value counts its new size only.
    lru.set('c', 'C2', 6);
    expect([lru.get('a'), lru.get('c')]).toEqual(['A', 'C2']);
    expect(lru.count).toBe(2);
  });

  it('keeps no value larger than the bound, and at most the number of values asked', () => {
    const lru = new SizedLru<number>({ maxSize: 100, maxEntries: 2 });
    lru.set('big', 1, 101);
    expect(lru.get('big')).toBeUndefined();
    lru.set('x', 1, 1);
    lru.set('y', 2, 1);
    lru.set('z', 3, 1);
    expect([lru.get('x'), lru.get('y'), lru.get('z')]).toEqual([undefined, 2, 3]);
    lru.clear();
    expect(lru.count).toBe(0);
    // After a clear the whole size is free again.
    lru.set('full', 4, 100);
    expect(lru.get('full')).toBe(4);
  });
});
