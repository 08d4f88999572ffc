import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Role } from '@dealclub/shared/roles';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { NewPasswordFields, withPasswordStrength } from '@/components/ui/password-strength';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-helpers';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import { signUpWithInvitation, validateInvitation } from '../api/invitations';
import { PersonFields } from './person-fields';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  invitationToken: string;
};

/** The API's sign-up schema, loaded on the form's first focus or check. */
const signUpResolver = lazyResolver<Values>(() => import('./access-resolvers').then((m) => m.signUpResolver));

/**
 * The invitation sign-up form shared by `/signup/buyer` and `/signup/seller`. The invitation fixes
 * the role; the form says which. Without an invitation it explains how to get one.
 */
export function SignUpForm({ audience }: { audience: 'buyer' | 'seller' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [role, setRole] = useState<Role | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useSimpleForm({
    resolver: withPasswordStrength(signUpResolver),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirm: '',
      invitationToken: token,
    },
  });

  useEffect(() => {
    if (!token) return;
    validateInvitation(token).then(
      (invitation) => {
        setRole(invitation.role);
        if (invitation.email) form.setValue('email', invitation.email);
      },
      (e: unknown) =>
        setError(e instanceof ApiError && e.code ? `errors.${e.code}` : 'access.invitationCheckFailed'),
    );
  }, [token, form]);

  async function submit(values: Values) {
    setError(null);
    try {
      await signUpWithInvitation({
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
        invitationToken: values.invitationToken,
      });
      const email = encodeURIComponent(values.email);
      navigate(audience === 'seller' ? `/signup/seller/thank-you?email=${email}` : `/verify?email=${email}`);
    } catch (e) {
      if (applyServerErrors(form, e, t)) return;
      setError(e instanceof ApiError && e.code ? `errors.${e.code}` : 'access.signupFailed');
    }
  }

  if (!token) {
    return (
      <div className="mt-6 grid gap-4">
        <FormAlert tone="info">{t('access.needInvitation')}</FormAlert>
        <Link
          to="/requestAccess"
          className="justify-self-start rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t('access.requestAccessLink')}
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={signUpResolver.preload}
      className="mt-8 grid gap-5"
    >
      {role && (
        <FormAlert tone="info">{t('access.invitedAs', { role: t(`access.roles.${role}`) })}</FormAlert>
      )}
      {error && <FormAlert>{t(error)}</FormAlert>}
      <PersonFields register={(name) => form.register(name)} errors={form.formState.errors} />
      <NewPasswordFields
        form={form}
        passwordLabel={t('auth.password')}
        confirmLabel={t('auth.confirmPassword')}
        rules={<p className="text-sm text-slate-600">{t('access.passwordRules')}</p>}
      />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('access.creating')}>
        {t('access.createAccount')}
      </SubmitButton>
    </form>
  );
}
