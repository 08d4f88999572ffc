import { describe, expect, it } from 'vitest';
import { batches, neutraliseCell } from './csv-export';

describe('neutraliseCell', () => {
  it('prefixes every formula trigger with an apostrophe, also after leading spaces', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '  =cmd', ' +1']) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const cell of ['Plain', '(512) 555-0199', 'a=b', '', 'José'])
      expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe('batches', () => {
  it('reads batch after batch, each after the last id, until one comes back short', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: String(i) }));
    const calls: (string | undefined)[] = [];
    const fetch = async (last: string | undefined, size: number) => {
      calls.push(last);
      const start = last === undefined ? 0 : Number(last) + 1;
      return rows.slice(start, start + size);
    };
    const seen = [];
    for await (const batch of batches(fetch, 3)) seen.push(batch.map((row) => row.id));
    expect(seen).toEqual([['0', '1', '2'], ['3', '4', '5'], ['6']]);
    expect(calls).toEqual([undefined, '2', '5']);
  });
});
