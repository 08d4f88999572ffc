import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { sessionManager } from '@/lib/session/session-manager';
import { SecondStep } from './second-step';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** A failure as amazon-cognito-identity-js reports one (the code in `code`). */
const cognitoFailure = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('the second step of a sign-in', () => {
  it('sets up a required authenticator: the QR code, the key as text, then the first code signs in (es)', async () => {
    await i18n.changeLanguage('es');
    vi.spyOn(sessionManager, 'startMfaSetup').mockResolvedValue(SECRET);
    const finish = vi
      .spyOn(sessionManager, 'finishMfaSetup')
      .mockRejectedValueOnce(cognitoFailure('CodeMismatchException', 'Invalid code received for user'))
      .mockResolvedValueOnce(undefined);
    const done = vi.fn();
    render(<SecondStep setup email="ada@example.test" onDone={done} onRestart={vi.fn()} />);

    const heading = await screen.findByRole('heading', {
      name: 'Configura el inicio de sesión en dos pasos',
    });
    // The step moves the focus to its heading once it has rendered (an effect): waited for, not raced.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const qr = await screen.findByRole('img', {
      name: 'Código QR que añade DealClub a una app de autenticación',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const user = userEvent.setup();
    const field = screen.getByLabelText('Código de autenticación');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Activar e iniciar sesión' }));
    expect(await screen.findByText('Ingresa los 6 dígitos que muestra tu app.')).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '111 111');
    await user.click(screen.getByRole('button', { name: 'Activar e iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ese código no es correcto.');
    expect(finish).toHaveBeenLastCalledWith('111111');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Código de autenticación')),
    );

    await user.type(screen.getByLabelText('Código de autenticación'), '222222');
    await user.click(screen.getByRole('button', { name: 'Activar e iniciar sesión' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it('sends the code step back to the password once the challenge has ended', async () => {
    vi.spyOn(sessionManager, 'submitTotpCode').mockRejectedValue(
      cognitoFailure('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    const restart = vi.fn();
    render(<SecondStep setup={false} email="ada@example.test" onDone={vi.fn()} onRestart={restart} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in step has expired.');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(restart).toHaveBeenCalled();
  });
});
