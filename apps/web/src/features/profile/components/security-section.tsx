/**
 * Profile, Security: the state of two-step sign-in, turning it on (a new key, shown as a QR code
 * and as text, confirmed by its first code) and off (the password and a code). A role that requires
 * it keeps it on.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mfaRequiredFor } from '@dealclub/shared/mfa';
import { FormAlert, FormField, SubmitButton } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useLocaleSection } from '@/lib/i18n';
import { fetchPublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session/session-context';
import { sessionManager } from '@/lib/session/session-manager';
import {
  AuthenticatorKey,
  CodeField,
  codeErrorKey,
  codeSchema,
  type CodeValues,
} from '@/components/ui/authenticator';

const section = 'grid gap-5 rounded-xl border border-slate-200 bg-white p-6';
const secondary =
  'h-11 rounded-md border border-slate-300 px-4 font-semibold text-ink hover:bg-slate-50 justify-self-start';

type Mode = { kind: 'idle' } | { kind: 'enrolling'; secret: string } | { kind: 'disabling' };

export function SecuritySection() {
  const { t } = useTranslation();
  const ready = useLocaleSection('mfa');
  const session = useSession();
  const config = useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: Infinity });
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const user = session.status === 'authenticated' ? session.user : null;
  if (!ready || !user) return null;
  const enabled = Boolean(user.mfaEnabled);
  const required = mfaRequiredFor(user.roles, config.data?.mfaRequiredRoles ?? []);

  const close = (message?: string) => {
    setMode({ kind: 'idle' });
    setError(null);
    if (message) toast({ title: t(message) });
    // The form that had the focus is gone: back to the button that opened it.
    requestAnimationFrame(() => (toggle.current ?? heading.current)?.focus());
  };

  async function start() {
    setError(null);
    setStarting(true);
    try {
      setMode({ kind: 'enrolling', secret: await sessionManager.beginMfa() });
    } catch (e) {
      setError(codeErrorKey(e, 'mfa.security.failed'));
    } finally {
      setStarting(false);
    }
  }

  return (
    <section className={section} aria-labelledby="security-title">
      <h2 ref={heading} id="security-title" tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('mfa.security.title')}
      </h2>
      <p role="status" className="text-slate-700">
        {t(enabled ? 'mfa.security.on' : 'mfa.security.off')}
      </p>
      {enabled && required && <p className="text-sm text-slate-600">{t('mfa.security.required')}</p>}
      {error && <FormAlert>{t(error)}</FormAlert>}
      {mode.kind === 'idle' && !(enabled && required) && (
        <button
          ref={toggle}
          type="button"
          className={secondary}
          disabled={starting}
          onClick={() => (enabled ? setMode({ kind: 'disabling' }) : void start())}
        >
          {t(enabled ? 'mfa.security.turnOff' : 'mfa.security.turnOn')}
        </button>
      )}
      {mode.kind === 'enrolling' && (
        <EnrolForm
          email={user.email}
          secret={mode.secret}
          onCancel={() => close()}
          onDone={() => close('mfa.security.turnedOn')}
        />
      )}
      {mode.kind === 'disabling' && (
        <TurnOffForm onCancel={() => close()} onDone={() => close('mfa.security.turnedOff')} />
      )}
    </section>
  );
}

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

interface StepFormProps {
  onCancel: () => void;
  onDone: () => void;
}

function EnrolForm({ email, secret, onCancel, onDone }: StepFormProps & { email: string; secret: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
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

function TurnOffForm({ onCancel, onDone }: StepFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof turnOffSchema>>({
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
