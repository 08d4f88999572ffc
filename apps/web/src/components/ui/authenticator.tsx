/**
 * The parts of two-step sign-in the sign-in screen and the profile's Security section share: the
 * code field, the set-up's QR code with its key as text, and the messages of a failed code.
 */
import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupedSecret, otpauthUri, TOTP_DIGITS } from '@dealclub/shared/mfa';
import { FormField } from '@/components/ui/form-field';

export const codeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), 'mfa.errors.codeFormat')),
});
export type CodeValues = z.input<typeof codeSchema>;

type CodeFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** The locale key of the field's error (the form's own message), translated here. */
  errorKey?: string;
};

/** The authenticator code: numeric keypad, and the one-time code the phone offers to fill in. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { errorKey, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <FormField
      ref={ref}
      error={errorKey ? t(errorKey) : undefined}
      label={t('mfa.code')}
      hint={<p className="text-sm text-slate-600">{t('mfa.codeHint')}</p>}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={TOTP_DIGITS + 2}
      spellCheck={false}
      {...props}
    />
  );
});

/** The new key as a QR code of its `otpauth://` URI, and as text for those who cannot scan. */
export function AuthenticatorKey({ account, secret }: { account: string; secret: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The QR encoder is loaded only here, when a key is shown.
    void import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUri(account, secret), { type: 'svg', margin: 1 }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    return () => {
      live = false;
    };
  }, [account, secret]);
  return (
    <div className="grid justify-items-start gap-3">
      <div className="h-48 w-48 rounded-md border border-slate-200 bg-white p-2">
        {qr && <img src={qr} alt={t('mfa.qrAlt')} width={176} height={176} className="h-44 w-44" />}
      </div>
      <p className="text-sm text-slate-700">{t('mfa.secretLabel')}</p>
      <code
        className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-ink"
        data-testid="mfa-secret"
      >
        {groupedSecret(secret)}
      </code>
    </div>
  );
}
