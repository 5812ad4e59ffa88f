import { t } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorText, apiFieldText } from '../../../i18n/api-errors.ts';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * Puts the server's per-field messages (400 `fields`) under the fields they name; whatever is
 * left over (wrong password, 429, a network failure) comes back as one message for the form, in the
 * page's language (the fields' messages are translated where they are shown: FieldShell).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | null {
  if (!isApiError(error)) return t`Something went wrong. Please try again.`;
  let placed = false;
  for (const [field, issue] of Object.entries(error.fields ?? {})) {
    const name = fieldNames.find((n) => n === field);
    if (name) {
      setError(name, { type: 'server', message: apiFieldText(field, issue) });
      placed = true;
    }
  }
  return placed ? null : apiErrorText(error);
}
