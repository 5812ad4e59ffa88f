import { useState } from 'react';
import { FaBan } from 'react-icons/fa6';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { toast } from '../../../lib/toast.ts';
import { type BlockedPerson, useSetBlocked } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';

/** Block or unblock one person, saying how it went in a toast. */
function useBlockPerson(person: BlockedPerson) {
  const setBlocked = useSetBlocked();
  const run = (blocked: boolean, then?: () => void) =>
    setBlocked.mutate(
      { userId: person._id, blocked },
      {
        onSuccess: () => toast.success(blocked ? T.blocked(person.name) : T.unblocked(person.name)),
        onError: (error) => toast.error(errorText(error, T.actionFailed)),
        onSettled: then,
      },
    );
  return { run, busy: setBlocked.isPending };
}

/** "Unblock {name}" (or the short "Unblock" where the name is beside it): at once, no question. */
export function UnblockButton({ person, short = false }: { person: BlockedPerson; short?: boolean }) {
  const { run, busy } = useBlockPerson(person);
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      disabled={busy}
      aria-label={short ? T.unblock(person.name) : undefined}
      onClick={() => run(false)}
    >
      {short ? T.unblockShort : T.unblock(person.name)}
    </button>
  );
}

/** "Block {name}", asked first: what a block does is said in the question. */
export function BlockButton({ person }: { person: BlockedPerson }) {
  const { run, busy } = useBlockPerson(person);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAsking(true)}>
        <FaBan aria-hidden="true" />
        {userContentIn(T.block, person.name)}
      </button>
      {asking ? (
        <ConfirmDialog
          question={T.blockQuestion(person.name)}
          confirmLabel={T.blockConfirm}
          busy={busy}
          onConfirm={() => run(true, () => setAsking(false))}
          onCancel={() => setAsking(false)}
        >
          <p>{T.blockDetail}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
