/**
 * The steps of Profile, Security that a press opens: turning two-step sign-in on (the key as a QR
 * code and as text, confirmed by its first code) and off (the password and a code). Loaded when
 * first opened (security-section.tsx), with their schemas (zod).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { sessionManager } from '@/lib/session/session-manager';
import { useSimpleForm } from '@/lib/simple-form';
import { AuthenticatorKey, CodeField, codeSchema, type CodeValues } from '@/components/ui/authenticator';
import { codeErrorKey } from '@/lib/session/auth-errors';
import { secondary } from './tab-section';

/** A step's submit button (busy while its call runs) and Cancel. */
function StepActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton busy={busy} busyLabel={t('mfa.verifying')}>
        {label}
      </SubmitButton>
      <button type="button" className={secondary} onClick={onCancel}>
        {t('mfa.security.cancel')}
      </button>
    </div>
  );
}

export interface StepFormProps {
  onCancel: () => void;
  onDone: () => void;
}

export function EnrolForm({
  email,
  secret,
  onCancel,
  onDone,
}: StepFormProps & { email: string; secret: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useSimpleForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  // The instructions first (then the QR code, the key and the field), not straight to the field.
  const lead = useRef<HTMLParagraphElement>(null);
  useEffect(() => lead.current?.focus(), []);
  async function submit(values: CodeValues) {
    setError(null);
    try {
      await sessionManager.confirmMfa(codeSchema.parse(values).code);
      onDone();
    } catch (e) {
      setError(codeErrorKey(e, 'mfa.security.failed'));
      // Once the form has settled (it is still submitting here), the code is typed again.
      requestAnimationFrame(() => form.setFocus('code'));
    }
  }
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <p ref={lead} tabIndex={-1} className="text-slate-700 outline-none">
        {t('mfa.security.turnOnLead')}
      </p>
      <AuthenticatorKey account={email} secret={secret} />
      {error && <FormAlert>{t(error)}</FormAlert>}
      <CodeField errorKey={form.formState.errors.code?.message} {...form.register('code')} />
      <StepActions
        busy={form.formState.isSubmitting}
        label={t('mfa.security.confirmOn')}
        onCancel={onCancel}
      />
    </form>
  );
}

const turnOffSchema = z
  .object({ password: z.string().min(1, 'profile.currentPasswordRequired') })
  .and(codeSchema);

export function TurnOffForm({ onCancel, onDone }: StepFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useSimpleForm<z.input<typeof turnOffSchema>>({
    resolver: zodResolver(turnOffSchema),
    defaultValues: { password: '', code: '' },
  });
  async function submit(values: z.input<typeof turnOffSchema>) {
    setError(null);
    try {
      const { password, code } = turnOffSchema.parse(values);
      await sessionManager.turnOffMfa(password, code);
      onDone();
    } catch (e) {
      setError(codeErrorKey(e, 'mfa.security.failed'));
    }
  }
  const fieldError = (message?: string) => (message ? t(message) : undefined);
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <p className="text-slate-700">{t('mfa.security.turnOffLead')}</p>
      {error && <FormAlert>{t(error)}</FormAlert>}
      <FormField
        label={t('mfa.security.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={fieldError(form.formState.errors.password?.message)}
        {...form.register('password')}
      />
      <CodeField errorKey={form.formState.errors.code?.message} {...form.register('code')} />
      <StepActions
        busy={form.formState.isSubmitting}
        label={t('mfa.security.confirmOff')}
        onCancel={onCancel}
      />
    </form>
  );
}
