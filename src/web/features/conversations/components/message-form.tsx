import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FaPaperPlane } from 'react-icons/fa6';
import { MESSAGE_TEXT_MAX } from '../../../../shared/rules.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';

interface MessageFormProps {
  label: string;
  placeholder?: string;
  /** Sends the trimmed text; the box is emptied once it resolves. */
  onSend: (text: string) => Promise<unknown>;
  pending: boolean;
  /** The last send's failure, worded from its code (403 blocked, 429 too many, …). */
  error: unknown;
  /** Focus the box when the form appears (it was opened on request). */
  autoFocus?: boolean;
  /** Beside Send (the first message's Cancel). */
  children?: ReactNode;
}

/**
 * A message box as a phone messenger has it: Enter sends, Shift+Enter starts a new line, 1 to 2,000
 * characters, Send disabled while the box is empty or a message is on its way.
 */
export function MessageForm({ label, placeholder, onSend, pending, error, autoFocus, children }: MessageFormProps) {
  const [text, setText] = useState('');
  const boxRef = useRef<HTMLTextAreaElement>(null);
  // A form opened at the reader's press: the box is what they came for.
  useEffect(() => {
    if (autoFocus) boxRef.current?.focus();
  }, [autoFocus]);
  const hintId = useId();
  const errorId = useId();
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= MESSAGE_TEXT_MAX && !pending;

  const send = async () => {
    if (!canSend) return;
    try {
      await onSend(trimmed);
      setText('');
    } catch {
      // Shown under the box from `error`; the text stays for another try.
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing Bangla uses Enter to pick a word: that Enter is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <div className="flex items-end gap-2">
        <textarea
          ref={boxRef}
          aria-label={label}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          placeholder={placeholder}
          className="textarea min-h-12 w-auto min-w-0 flex-1 resize-y"
          rows={2}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={!canSend}>
          {pending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <FaPaperPlane aria-hidden="true" />
          )}
          {T.send}
        </button>
      </div>
      <p id={hintId} className="text-xs text-base-content/75">
        {T.inputHint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {errorText(error, T.sendFailed)}
        </p>
      ) : null}
      {children ? <div className="flex gap-2">{children}</div> : null}
    </form>
  );
}
