interface FormAlertProps {
  message: string | null | undefined;
  tone?: 'error' | 'info';
}

/** A message about the whole form (wrong password, too many attempts), above its fields. */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`alert ${tone === 'error' ? 'alert-error' : 'alert-info'} alert-soft text-sm`}
    >
      <span>{message}</span>
    </div>
  );
}
