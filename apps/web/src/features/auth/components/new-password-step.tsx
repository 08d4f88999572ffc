/**
 * The new-password challenge of a sign-in (an account an admin created with a temporary password):
 * loaded only when the sign-in asks for it, with the schema it needs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema } from '@dealclub/shared/auth';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { NewPasswordFields, withPasswordStrength } from '@/components/ui/password-strength';
import { useSimpleForm } from '@/lib/simple-form';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

export default function NewPasswordStep({
  error,
  onSubmit,
}: {
  /** The key of the last refusal's message. */
  error: string | null;
  onSubmit: (values: NewPasswordValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  // The step replaces the password form, which had the focus: it moves to this step's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useSimpleForm<NewPasswordValues>({
    resolver: withPasswordStrength(zodResolver(newPasswordSchema)),
    defaultValues: { password: '', confirm: '' },
  });
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {t('auth.newPasswordTitle')}
      </h1>
      <p className="mt-2 text-slate-700">{t('auth.newPasswordLead')}</p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-8 grid gap-5">
        {error && <FormAlert>{t(error)}</FormAlert>}
        <NewPasswordFields
          form={form}
          passwordLabel={t('auth.newPassword')}
          confirmLabel={t('auth.confirmPassword')}
        />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('auth.signingIn')}>
          {t('auth.savePassword')}
        </SubmitButton>
      </form>
    </>
  );
}
