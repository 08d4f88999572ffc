import { describe, expect, it } from 'vitest';
import { integrationSchema } from './integrations';

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
