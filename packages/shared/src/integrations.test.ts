import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import { integrationSchema, parseWebhookError, WEBHOOK_ERROR_CODES, webhookErrorText } from './integrations';

const messages = (input: unknown) => {
  const result = integrationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('integrationSchema', () => {
  it('takes an absolute http(s) URL, trimmed; empty or null is no webhook', () => {
    expect(
      integrationSchema.parse({
        offerWebhookUrl: ' https://hooks.example.com/in?x=1 ',
        offerWebhookEnabled: true,
      }),
    ).toEqual({ offerWebhookUrl: 'https://hooks.example.com/in?x=1', offerWebhookEnabled: true });
    expect(
      integrationSchema.parse({ offerWebhookUrl: '', offerWebhookEnabled: false }).offerWebhookUrl,
    ).toBeNull();
    expect(
      integrationSchema.parse({ offerWebhookUrl: null, offerWebhookEnabled: false, rotateSecret: true }),
    ).toEqual({ offerWebhookUrl: null, offerWebhookEnabled: false, rotateSecret: true });
  });

  it('refuses relative, non-web, over-long and credential-carrying URLs', () => {
    const url = (offerWebhookUrl: string) => messages({ offerWebhookUrl, offerWebhookEnabled: false });
    expect(url('hooks.example.com')).toEqual(['offerWebhookUrl: integrations.validation.url']);
    expect(url('/hooks')).toEqual(['offerWebhookUrl: integrations.validation.url']);
    expect(url('ftp://hooks.example.com/')).toEqual(['offerWebhookUrl: integrations.validation.url']);
    expect(url('mailto:me@example.com')).toEqual(['offerWebhookUrl: integrations.validation.url']);
    expect(url(`https://example.com/${'a'.repeat(2000)}`)).toContain(
      'offerWebhookUrl: integrations.validation.urlTooLong',
    );
    expect(url('https://user:pass@example.com/')).toEqual([
      'offerWebhookUrl: integrations.validation.urlCredentials',
    ]);
    expect(url('https://user@example.com/')).toEqual([
      'offerWebhookUrl: integrations.validation.urlCredentials',
    ]);
  });

  it('needs a URL to be enabled, and nothing else', () => {
    expect(messages({ offerWebhookUrl: '', offerWebhookEnabled: true })).toEqual([
      'offerWebhookUrl: integrations.validation.urlRequired',
    ]);
    expect(messages({ offerWebhookUrl: null, offerWebhookEnabled: false, secret: 'x' })).toHaveLength(1);
  });
});

describe("the delivery log's error codes", () => {
  it('are stored as `<code>: <detail>` and read back at the first `: `', () => {
    const refused = webhookErrorText({ code: 'refused.private', detail: 'hooks.example.com' });
    expect(refused).toBe('refused.private: hooks.example.com');
    expect(parseWebhookError(refused)).toEqual({ code: 'refused.private', detail: 'hooks.example.com' });
    // The receiver's answer may hold `: ` itself.
    expect(parseWebhookError(webhookErrorText({ code: 'http', detail: '500: db: down' }))).toEqual({
      code: 'http',
      detail: '500: db: down',
    });
  });

  it('may have no detail', () => {
    expect(webhookErrorText({ code: 'timeout' })).toBe('timeout');
    expect(parseWebhookError('timeout')).toEqual({ code: 'timeout', detail: '' });
  });

  it('read text without a known code (written before the codes) as `other`, whole', () => {
    expect(parseWebhookError('HTTP 500: nope')).toEqual({ code: 'other', detail: 'HTTP 500: nope' });
    expect(parseWebhookError('refused.nowhere: x')).toEqual({ code: 'other', detail: 'refused.nowhere: x' });
  });

  it('each have a text in both languages', () => {
    const text = (locale: unknown, code: string) =>
      ['integrations', 'error', ...code.split('.')].reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        locale,
      );
    for (const code of [...WEBHOOK_ERROR_CODES, 'other']) {
      expect(typeof text(en, code), `en ${code}`).toBe('string');
      expect(typeof text(es, code), `es ${code}`).toBe('string');
    }
  });
});
