import { describe, expect, it } from 'vitest';
import { upgradeTarget } from './hub';

describe('upgradeTarget', () => {
  it('reads the key and protocol of /app/<key>, and nothing else', () => {
    expect(upgradeTarget('/app/dealclub-key?protocol=7&client=js')).toEqual({
      key: 'dealclub-key',
      protocol: '7',
    });
    expect(upgradeTarget('/app/a%20b')).toEqual({ key: 'a b', protocol: null });
    for (const other of ['/', '/app', '/app/', '/app/k/extra', '/api/chat', undefined])
      expect(upgradeTarget(other), String(other)).toBeUndefined();
  });

  it('turns garbled paths away instead of throwing (a throw here would end the process)', () => {
    for (const garbled of ['/app/%E0%A4%A', '/app/%', '//[::1', 'http://['])
      expect(upgradeTarget(garbled), garbled).toBeUndefined();
  });
});
