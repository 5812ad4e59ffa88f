import { t } from '@lingui/core/macro';

// Word for word (docs/product.md#toasts), in the page's language when shown.
export const AUTH_TOASTS = {
  /** After logging in with e-mail and password. */
  get login() {
    return t`Successfully Logged In`;
  },
  /** After signing up with e-mail and password. */
  get signup() {
    return t`User created successfully`;
  },
};
