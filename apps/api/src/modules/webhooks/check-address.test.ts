import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { testConfig } from '../../test/app';
import {
  checkIpAddress,
  checkWebhookUrl,
  resolveWebhookTarget,
  type AddressPolicy,
  type Resolver,
} from './check-address';

const strict: AddressPolicy = { allowHttp: false, allowLoopback: false };
const loopbackAllowed: AddressPolicy = { allowHttp: true, allowLoopback: true };

/** A resolver answering from a table, never from DNS. */
const resolverOf = (table: Record<string, string[]>): Resolver =>
  vi.fn(async (host: string) => {
    const addresses = table[host];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  });

describe('checkIpAddress', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2002:a00:1::1', 'reserved'],
    ['::10.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(checkIpAddress(address, strict)).toMatchObject({ ok: false, reason });
  });

  it('checks IPv4-mapped and NAT64 IPv6 addresses as the IPv4 address they carry', () => {
    expect(checkIpAddress('::ffff:10.0.0.1', strict)).toMatchObject({ ok: false, reason: 'private' });
    expect(checkIpAddress('::ffff:a00:1', strict)).toMatchObject({ ok: false, reason: 'private' });
    expect(checkIpAddress('::ffff:127.0.0.1', strict)).toMatchObject({ ok: false, reason: 'loopback' });
    expect(checkIpAddress('::ffff:169.254.169.254', strict)).toMatchObject({
      ok: false,
      reason: 'link-local',
    });
    expect(checkIpAddress('64:ff9b::192.168.0.1', strict)).toMatchObject({ ok: false, reason: 'private' });
    expect(checkIpAddress('64:ff9b::a9fe:a9fe', strict)).toMatchObject({ ok: false, reason: 'link-local' });
    expect(checkIpAddress('::ffff:93.184.215.14', strict)).toEqual({ ok: true });
    expect(checkIpAddress('64:ff9b::5db8:d70e', strict)).toEqual({ ok: true });
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111']) {
      expect(checkIpAddress(address, strict), address).toEqual({ ok: true });
    }
  });

  it('lets the test allowance reach 127.0.0.1 and ::1, and no other internal address', () => {
    expect(checkIpAddress('127.0.0.1', loopbackAllowed)).toEqual({ ok: true });
    expect(checkIpAddress('::1', loopbackAllowed)).toEqual({ ok: true });
    for (const address of ['127.0.0.2', '::ffff:127.0.0.1', '10.0.0.1', '169.254.169.254', '0.0.0.0']) {
      expect(checkIpAddress(address, loopbackAllowed).ok, address).toBe(false);
    }
  });
});

describe('checkWebhookUrl', () => {
  const refused = (url: string, policy = strict) => checkWebhookUrl(new URL(url), policy);

  it('takes https, and http only in development and test configurations', () => {
    expect(refused('https://hooks.example.com/dealclub')).toEqual({ ok: true });
    const production = loadConfig({ NODE_ENV: 'production' }).webhooks;
    expect(refused('http://hooks.example.com/dealclub', production)).toMatchObject({ reason: 'scheme' });
    expect(refused('ftp://hooks.example.com/', production)).toMatchObject({ reason: 'scheme' });
    expect(refused('http://hooks.example.com/', loadConfig({ NODE_ENV: 'development' }).webhooks)).toEqual({
      ok: true,
    });
    expect(refused('http://hooks.example.com/', testConfig().webhooks)).toEqual({ ok: true });
  });

  it('refuses IP literals in every spelling the URL parser accepts', () => {
    expect(refused('https://10.1.2.3/')).toMatchObject({ reason: 'private' });
    expect(refused('https://0x7f.1/')).toMatchObject({ reason: 'loopback' });
    expect(refused('https://2130706433/')).toMatchObject({ reason: 'loopback' });
    expect(refused('https://[::1]:8443/')).toMatchObject({ reason: 'loopback' });
    expect(refused('https://[::ffff:10.0.0.1]/')).toMatchObject({ reason: 'private' });
    expect(refused('https://[fe80::1]/')).toMatchObject({ reason: 'link-local' });
  });

  it('refuses internal host names', () => {
    for (const url of [
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://metadata.google.internal./',
      'https://metadata/',
      'https://localhost/',
      'https://api.localhost/',
      'https://printer.local/',
      'https://intranet/',
      'https://db.corp.internal/',
    ]) {
      expect(refused(url), url).toMatchObject({ ok: false, reason: 'internal-name' });
    }
  });
});

describe('resolveWebhookTarget', () => {
  it('checks every address a name resolves to', async () => {
    const resolve = resolverOf({
      'internal.example.com': ['10.0.0.5'],
      'metadata.example.com': ['169.254.169.254'],
      'mixed.example.com': ['93.184.215.14', '192.168.0.9'],
      'mapped.example.com': ['::ffff:10.0.0.7'],
      'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    const target = (host: string) => resolveWebhookTarget(new URL(`https://${host}/hook`), strict, resolve);
    expect(await target('internal.example.com')).toMatchObject({ ok: false, reason: 'private' });
    expect(await target('metadata.example.com')).toMatchObject({ ok: false, reason: 'link-local' });
    expect(await target('mixed.example.com')).toMatchObject({ ok: false, reason: 'private' });
    expect(await target('mapped.example.com')).toMatchObject({ ok: false, reason: 'private' });
    expect(await target('hooks.example.com')).toMatchObject({
      ok: true,
      address: { address: '93.184.215.14', family: 4 },
    });
    expect(await target('gone.example.com')).toEqual({
      ok: false,
      reason: 'unresolved',
      host: 'gone.example.com',
    });
  });

  it('does not resolve IP literals or refused names', async () => {
    const resolve = resolverOf({});
    expect(await resolveWebhookTarget(new URL('https://10.0.0.1/'), strict, resolve)).toEqual({
      ok: false,
      reason: 'private',
      detail: '10.0.0.1',
    });
    expect(await resolveWebhookTarget(new URL('https://metadata.google.internal/'), strict, resolve)).toEqual(
      {
        ok: false,
        reason: 'internal-name',
        detail: 'metadata.google.internal',
      },
    );
    expect(resolve).not.toHaveBeenCalled();
  });
});
