import { type ComponentType, useState } from 'react';
import { FaRegComments } from 'react-icons/fa6';
import { Link, useLocation } from 'react-router';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';

// The form's code (the message box, the mutation, the API's error words) comes with the first
// press: a page of cards does not carry it for a button few press.
const loadForm = loadOnce(() => import('./message-seller-form.tsx').then((module) => module.MessageSellerForm));
type Form = ComponentType<{ laptopId: string; onCancel: () => void }>;

/**
 * "Message seller" on a listing's page and on its card (signed in; the caller shows it only where
 * the viewer may write: not on their own listing, not on a sold or hidden one). It opens the
 * first-message form in place.
 */
export function LazyMessageSeller({ laptopId, small = false }: { laptopId: string; small?: boolean }) {
  const [Form, setForm] = useState<Form>();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const openForm = async () => {
    setLoading(true);
    try {
      const component = await loadForm();
      setForm(() => component);
      setOpen(true);
    } catch {
      toast.error(translateMessage(NETWORK_MESSAGE));
    } finally {
      setLoading(false);
    }
  };

  if (open && Form) {
    return (
      <div className="w-full">
        <Form laptopId={laptopId} onCancel={() => setOpen(false)} />
      </div>
    );
  }
  return (
    <button
      type="button"
      // On a card, the size of the card's Book Now beside it.
      className={`btn btn-outline btn-primary ${small ? 'btn-sm sm:btn-md' : ''}`}
      aria-busy={loading || undefined}
      onClick={() => void openForm()}
    >
      {loading ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <FaRegComments aria-hidden="true" />
      )}
      {T.messageSeller}
    </button>
  );
}

/** For a visitor on a listing's page: log in, then come back to it. */
export function LogInToMessage() {
  const { pathname } = useLocation();
  return (
    <Link to={`${paths.login}?from=${encodeURIComponent(pathname)}`} className="btn btn-outline btn-primary">
      <FaRegComments aria-hidden="true" />
      {T.logInToMessage}
    </Link>
  );
}
