import { useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the page.
import type { PhoneOtpAnswer, PhoneVerifiedAnswer } from '../../../../shared/phone.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { meKey } from '../../../lib/me.ts';
import { sessionKey } from '../../../lib/session.ts';

// The account settings page's calls (docs/product.md#account-settings): a phone code by SMS and
// its check (POST /api/phone/otp, /api/phone/verify), the name and photo (better-auth's update-user
// behind our schema) and the password (change-password, which ends the account's other sessions).

/** POST /api/phone/otp: a code to this number. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phone: string) => apiSend<PhoneOtpAnswer>('POST', '/phone/otp', { phone }),
  });
}

/** POST /api/phone/verify: the account's number is verified; forms prefill it from then on. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      apiSend<PhoneVerifiedAnswer>('POST', '/phone/verify', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

/** POST /api/auth/update-user: name and photo; the session (the navbar's name) reads them. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; image: string | null }) => apiSend<unknown>('POST', '/auth/update-user', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** POST /api/auth/change-password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiSend<unknown>('POST', '/auth/change-password', input),
  });
}
