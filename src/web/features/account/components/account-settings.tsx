import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { LANG_PARAM, LOCALE_NAMES, LOCALES } from '../../../../shared/locale.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { sessionKey, useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword, useUpdateProfile } from '../api/use-account.ts';
import { Field, SECTION, Submit } from './field.tsx';
import { PhoneVerification } from './phone-verification.tsx';

// Account settings (docs/product.md#account-settings), for every role: name and photo, the phone
// verified by SMS, the password, and the language. Each section saves on its own.

/** `children`: further sections other features give (the page composes them), before the language. */
export function AccountSettings({ children }: { children?: ReactNode }) {
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <ProfileSection />
      <PhoneVerification />
      <PasswordSection />
      {children}
      <LanguageSection />
    </div>
  );
}

/** The account's photo, as better-auth keeps it (not in the session's cached user). */
const profileQuery = () => ({
  queryKey: [...sessionKey, 'profile'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<{ user: { name: string; image?: string | null } } | null>('/auth/get-session', { signal }),
});

function ProfileSection() {
  const session = useSession();
  const profile = useQuery(profileQuery());
  if (session.status !== 'signedIn' || !profile.data) return null;
  return <ProfileForm name={session.user.name} image={profile.data.user.image ?? ''} />;
}

function ProfileForm({ name: initialName, image: initialImage }: { name: string; image: string }) {
  const heading = useId();
  const [name, setName] = useState(initialName);
  const [image, setImage] = useState(initialImage);
  const update = useUpdateProfile();
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { name: name.trim(), image: image.trim() || null },
      { onSuccess: () => toast.success(t`Your profile is saved`) },
    );
  };
  return (
    <section aria-labelledby={heading} className={SECTION}>
      <h3 id={heading} className="text-lg font-semibold">{t`Profile`}</h3>
      <form onSubmit={save} className="mt-3 flex flex-col gap-3" noValidate>
        <Field label={t`Name`} value={name} onValue={setName} autoComplete="name" maxLength={80} />
        <Field label={t`Photo URL`} type="url" value={image} onValue={setImage} placeholder="https://…" />
        {image.startsWith('https://') ? (
          <img src={image} alt={name} className="size-16 rounded-full object-cover" />
        ) : null}
        <Submit label={t`Save profile`} pending={update.isPending} error={update.error} />
      </form>
    </section>
  );
}

function PasswordSection() {
  const heading = useId();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNext] = useState('');
  const change = useChangePassword();
  const passwords = [
    [t`Current password`, currentPassword, setCurrent, 'current-password'],
    [t`New password`, newPassword, setNext, 'new-password'],
  ] as const;
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast.success(t`Your password is changed. Other devices are signed out.`);
        },
      },
    );
  };
  return (
    <section aria-labelledby={heading} className={SECTION}>
      <h3 id={heading} className="text-lg font-semibold">{t`Password`}</h3>
      <form onSubmit={save} className="mt-3 flex flex-col gap-3" noValidate>
        {passwords.map(([label, value, onValue, autoComplete]) => (
          <Field
            key={autoComplete}
            label={label}
            type="password"
            value={value}
            onValue={onValue}
            autoComplete={autoComplete}
          />
        ))}
        <Submit label={t`Change password`} pending={change.isPending} error={change.error} />
      </form>
    </section>
  );
}

/** The same choice as the navbar's switch: the server renders the page in it and remembers it. */
function LanguageSection() {
  const heading = useId();
  const { pathname, search } = useLocation();
  const me = useMe();
  const hrefFor = (locale: string) => {
    const params = new URLSearchParams(search);
    params.set(LANG_PARAM, locale);
    return `${pathname}?${params}`;
  };
  if (!me.data) return null;
  return (
    <section aria-labelledby={heading} className={SECTION}>
      <h3 id={heading} className="text-lg font-semibold">{t`Language`}</h3>
      <p className="mt-2 text-sm text-base-content/75">{t`The site, its messages and your SMS codes use this language.`}</p>
      <ul className="mt-3 flex gap-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={hrefFor(locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === i18n.locale ? 'true' : undefined}
              className="btn btn-sm btn-outline aria-[current=true]:btn-active"
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
