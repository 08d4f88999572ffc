import { describe, expect, it } from 'vitest';
import { newPasswordSchema, resetPasswordSchema, signInSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('signInSchema', () => {
  it('needs a valid e-mail and a password of at least 6 characters', () => {
    expect(signInSchema.safeParse({ email: ' Buyer@Demo.Test ', password: '123456' }).data).toEqual({
      email: 'buyer@demo.test',
      password: '123456',
    });
    expect(messages(signInSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual([
      'auth.validation.email',
      'auth.validation.passwordMin6',
    ]);
  });
});

describe('new and reset password', () => {
  it('needs 8 characters and a matching confirmation', () => {
    expect(messages(newPasswordSchema.safeParse({ password: 'short', confirm: 'short' }))).toEqual([
      'auth.validation.passwordMin8',
    ]);
    expect(messages(newPasswordSchema.safeParse({ password: 'long-enough', confirm: 'different' }))).toEqual([
      'auth.validation.passwordsMatch',
    ]);
  });

  it('needs the 6-digit code for a reset', () => {
    expect(
      messages(
        resetPasswordSchema.safeParse({
          email: 'a@b.co',
          code: '12ab',
          password: 'long-enough',
          confirm: 'long-enough',
        }),
      ),
    ).toEqual(['auth.validation.code']);
  });
});
