import { expect, test } from './fixtures';
import { idTokenOf, newConfirmedUser, savePhone, saveSellerPreferences, signOutEverywhere } from './helpers';

const TEXTS = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    save: 'Save',
    expired: 'Authentication session expired. Please sign in again.',
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    save: 'Guardar',
    expired: 'La sesión de autenticación venció. Inicia sesión de nuevo.',
  },
} as const;

test.describe('when a session ends elsewhere', () => {
  // The call that finds the session gone is answered 401 and its refresh 400, which the browser logs.
  test.use({ allowConsole: [/status of 40[01]/] });

  for (const language of ['en', 'es'] as const) {
    const texts = TEXTS[language];
    test(`the spec's words, then back to the same page and query after signing in, across a reload (${language})`, async ({
      page,
    }) => {
      // A seller with a complete profile: nothing redirects the return elsewhere.
      const user = await newConfirmedUser(page.request, 'originator');
      await savePhone(page.request, user);
      await saveSellerPreferences(page.request, user);
      const saved = await page.request.post('/api/auth/update-language', {
        headers: { authorization: `Bearer ${await idTokenOf(page.request, user.email, user.password)}` },
        data: { languagePreference: language },
      });
      expect(saved.status()).toBe(200);

      await page.goto('/auth');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'Fresh' })).toBeVisible();
      await page.goto('/profile?tab=company');
      const save = page.getByRole('button', { name: texts.save, exact: true }).first();
      await expect(save).toBeVisible();

      // A global sign-out from another device, through AWS's SDK.
      await signOutEverywhere(page.request, user);

      // The next call finds the session gone: the toast, then the sign-in page says why.
      await save.click();
      await expect(page.getByTestId('toast')).toContainText(texts.expired);
      await expect(page).toHaveURL('/auth');
      await expect(
        page.getByRole('main').getByRole('status').filter({ hasText: texts.expired }),
      ).toBeVisible();

      // A reload of the sign-in page still leads back to the page and query of before.
      await page.reload();
      await page.getByLabel(texts.email).fill(user.email);
      await page.getByLabel(texts.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: texts.signIn, exact: true }).click();
      await expect(page).toHaveURL('/profile?tab=company');
      await expect(page.getByRole('button', { name: 'Fresh' })).toBeVisible();
    });
  }
});
