import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '@dealclub/shared/phone';
import type { ProfileInput } from '@dealclub/shared/profile';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { NewPasswordFields, withPasswordStrength } from '@/components/ui/password-strength';
import { toast } from '@/components/ui/use-toast';
import { authErrorKey } from '@/lib/session/auth-errors';
import { identityClient, preloadIdentityClient } from '@/lib/session/identity-client';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { useSimpleForm } from '@/lib/simple-form';
import { MAX_PICTURE_BYTES } from '@dealclub/shared/preferences-rules';
import { useUpdateProfile, type Profile } from '../api/profile';
import { usePicture } from '../api/tabs';
import { tabResolver, useAfterProfileSave, useDraftedForm } from '../lib/forms';
import { ImageUpload } from './image-upload';
import { SecuritySection } from './security-section';
import { TabSave } from './tab-section';

const section = 'grid gap-5 rounded-xl border border-slate-200 bg-white p-6';

/**
 * The Profile tab: names and phone, picture, e-mail change with verification, password change,
 * two-step sign-in.
 */
export function ProfileTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-8">
      <PersonalForm profile={profile} />
      <PictureSection profile={profile} />
      <EmailForm email={profile.email} />
      <PasswordForm />
      <SecuritySection />
    </div>
  );
}

interface PersonalValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

const personalResolver = tabResolver<ProfileInput, PersonalValues>('personal');

function PersonalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const afterSave = useAfterProfileSave();
  const { form, kept, notice } = useDraftedForm<ProfileInput, PersonalValues>(
    'personal',
    {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: formatPhone(profile.phoneNumber),
    },
    personalResolver,
  );
  const fieldError = useFieldMessage();

  async function submit(values: PersonalValues) {
    try {
      const saved = await update.mutateAsync(values);
      const next = {
        firstName: saved.firstName,
        lastName: saved.lastName,
        phoneNumber: formatPhone(saved.phoneNumber),
      };
      kept.saved(next);
      form.reset(next);
      toast({ title: t('profile.saved') });
      await afterSave();
    } catch (e) {
      applyServerErrors(form, e, t);
      toast({ title: t('profile.updateFailed'), variant: 'destructive' });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={personalResolver.preload}
      className={section}
    >
      <h2 className="text-xl font-semibold">{t('profile.personalTitle')}</h2>
      {notice}
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          label={t('profile.firstName')}
          autoComplete="given-name"
          error={fieldError(form.formState.errors.firstName?.message)}
          {...form.register('firstName')}
        />
        <FormField
          label={t('profile.lastName')}
          autoComplete="family-name"
          error={fieldError(form.formState.errors.lastName?.message)}
          {...form.register('lastName')}
        />
      </div>
      <FormField
        label={t('profile.phone')}
        type="tel"
        autoComplete="tel"
        hint={<p className="text-sm text-slate-600">{t('profile.phoneHint')}</p>}
        error={fieldError(form.formState.errors.phoneNumber?.message)}
        {...form.register('phoneNumber', {
          onBlur: (e: { target: { value: string } }) => {
            const formatted = formatPhone(e.target.value);
            if (formatted !== e.target.value) form.setValue('phoneNumber', formatted);
          },
        })}
      />
      <TabSave busy={form.formState.isSubmitting} />
    </form>
  );
}

function PictureSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const picture = usePicture();
  return (
    <section className={section}>
      <ImageUpload
        title={t('profile.pictureTitle')}
        hint={t('profile.pictureHint')}
        url={profile.profilePictureUrl}
        alt={t('profile.pictureAlt')}
        emptyLabel={t('profile.noPicture')}
        maxBytes={MAX_PICTURE_BYTES}
        tooLargeCode="PICTURE_TOO_LARGE"
        onUpload={(file) => picture.upload.mutateAsync(file)}
        onRemove={() => picture.remove.mutateAsync()}
        round
      />
    </section>
  );
}

const emailResolver = tabResolver<{ email: string }>('email');
/** A form that signs in again through the identity client: it and the form's check load on its first focus. */
const preloadWith = (resolver: { preload: () => void }) => () => {
  preloadIdentityClient();
  resolver.preload();
};

function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useSimpleForm<{ email: string }>({
    resolver: emailResolver,
    defaultValues: { email: '' },
  });

  async function submit(values: { email: string }) {
    setError(null);
    try {
      const user = await (await identityClient()).currentCognitoUser();
      await new Promise((resolve, reject) =>
        user.updateAttributes([{ Name: 'email', Value: values.email }], (err, result) =>
          err ? reject(err) : resolve(result),
        ),
      );
      navigate(`/verify-email-change?email=${encodeURIComponent(values.email)}`);
    } catch (e) {
      setError(authErrorKey(e, 'profile.updateFailed'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={preloadWith(emailResolver)}
      className={section}
    >
      <h2 className="text-xl font-semibold">{t('profile.emailTitle')}</h2>
      <p className="text-slate-700">
        {t('profile.currentEmail')}: <strong>{email}</strong>
      </p>
      {error && <FormAlert>{t(error)}</FormAlert>}
      <FormField
        label={t('profile.newEmail')}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message ? t(form.formState.errors.email.message) : undefined}
        {...form.register('email')}
      />
      <TabSave busy={form.formState.isSubmitting} label={t('profile.changeEmail')} />
    </form>
  );
}

const passwordResolver = tabResolver<{ current: string; password: string; confirm: string }>(
  'passwordChange',
);

function PasswordForm() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useSimpleForm<{ current: string; password: string; confirm: string }>({
    resolver: withPasswordStrength(passwordResolver),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  async function submit(values: { current: string; password: string }) {
    setError(null);
    try {
      const user = await (await identityClient()).currentCognitoUser();
      await new Promise((resolve, reject) =>
        user.changePassword(values.current, values.password, (err, result) =>
          err ? reject(err) : resolve(result),
        ),
      );
      form.reset();
      toast({ title: t('profile.passwordChanged') });
    } catch (e) {
      const key = authErrorKey(e, 'profile.passwordFailed');
      setError(key === 'auth.errors.incorrect' ? 'profile.passwordFailed' : key);
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={preloadWith(passwordResolver)}
      className={section}
    >
      <h2 className="text-xl font-semibold">{t('profile.passwordTitle')}</h2>
      {error && <FormAlert>{t(error)}</FormAlert>}
      <FormField
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={fieldError(form.formState.errors.current?.message)}
        {...form.register('current')}
      />
      <NewPasswordFields
        form={form}
        passwordLabel={t('profile.newPassword')}
        confirmLabel={t('profile.confirmPassword')}
      />
      <TabSave busy={form.formState.isSubmitting} label={t('profile.changePassword')} />
    </form>
  );
}
