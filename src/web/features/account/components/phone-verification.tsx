import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendPhoneCode, useVerifyPhone } from '../api/use-account.ts';
import { Field, SECTION, Submit } from './field.tsx';

// The phone verified by SMS (docs/product.md#phone-verification): a number, a 6-digit code sent to
// it, the code typed back. A verified number shows "Phone verified" on the user's listings and
// bookings, fills their forms, and is needed to list or book where PHONE_VERIFICATION=required.

export function PhoneVerification() {
  const heading = useId();
  const me = useMe();
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  if (!me.data) return null;
  const verified = me.data.verified_phone;
  const number = phone ?? verified ?? me.data.phone ?? '';

  const ask = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    send.mutate(number, {
      onSuccess: () => {
        setSentTo(number);
        setCode('');
      },
    });
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { phone: sentTo ?? number, code },
      {
        onSuccess: () => {
          setSentTo(null);
          setPhone(null);
          toast.success(t`Your phone number is verified`);
        },
      },
    );
  };

  return (
    <section aria-labelledby={heading} className={SECTION}>
      <h3 id={heading} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {t`Phone`}
        {verified ? (
          <span className="badge badge-soft badge-success">{t`Phone verified`}</span>
        ) : (
          <span className="badge badge-soft badge-neutral">{t`Not verified`}</span>
        )}
      </h3>
      <p className="mt-2 text-sm text-base-content/75">
        {verified
          ? t`Buyers and sellers see that your number ${verified} is verified. To change it, verify another number.`
          : t`We send a 6-digit code by SMS to check that the number is yours. Buyers and sellers then see "Phone verified".`}
      </p>
      <form onSubmit={ask} className="mt-3 flex flex-col gap-3" noValidate>
        <Field
          label={t`Phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={number}
          onValue={setPhone}
          placeholder="01712345678"
        />
        <Submit
          label={sentTo ? t`Send a new code` : t`Send code`}
          pending={send.isPending}
          error={send.error}
          className="btn btn-outline self-start"
        />
      </form>
      {sentTo ? (
        <form onSubmit={check} className="mt-4 flex flex-col gap-3" noValidate>
          <p role="status" className="text-sm">
            {t`We sent a code to ${sentTo}. It works for 5 minutes.`}
          </p>
          <Field
            label={t`Code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="input w-40 tracking-widest"
            value={code}
            onValue={setCode}
            maxLength={8}
          />
          <Submit label={t`Verify`} pending={verify.isPending} error={verify.error} />
        </form>
      ) : null}
    </section>
  );
}
