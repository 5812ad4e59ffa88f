// biome-ignore-all lint/a11y/noRedundantRoles: the table's explicit roles survive the phone layout's display changes (see below).
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { USER_MESSAGES, type User } from '../../../../shared/users.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteUser } from '../api/use-delete-user.ts';
import { type ManagedRole, useUsers } from '../api/use-users.ts';
import { useVerifySeller } from '../api/use-verify-seller.ts';
import { VerifySellerDialog } from './verify-seller-dialog.tsx';

interface RoleTexts {
  search: string;
  /** What could not be loaded (LoadError). */
  loadWhat: string;
  noMatch: (q: string) => string;
  none: string;
  /** What the server removes along with the account (docs/product.md#deleting). */
  deleteDetail: string;
}

// Whole sentences per list, so that each language words them its own way.
const TEXTS: Record<ManagedRole, RoleTexts> = {
  buyer: {
    get search() {
      return t`Search buyers`;
    },
    get loadWhat() {
      return t`the buyers`;
    },
    noMatch: (q) => t`No buyers match “${q}”.`,
    get none() {
      return t`No buyers have signed up yet.`;
    },
    get deleteDetail() {
      return t`Their account and their orders will be removed.`;
    },
  },
  seller: {
    get search() {
      return t`Search sellers`;
    },
    get loadWhat() {
      return t`the sellers`;
    },
    noMatch: (q) => t`No sellers match “${q}”.`,
    get none() {
      return t`No sellers have signed up yet.`;
    },
    get deleteDetail() {
      return t`Their account, their laptops and the orders on those laptops will be removed.`;
    },
  },
};

// A refusal (403 on an admin, 404 on someone already gone) is the admin's own action failing,
// so it is shown with the server's words, not only logged like a failed load (docs/product.md#failed-calls).
function reportFailure(action: string, error: unknown) {
  console.error(`[admin] ${action} failed:`, error);
  toast.error(errorText(error, t`Something went wrong. Please try again.`));
}

/** Searches the list by name or e-mail (the API's `q`); an empty search shows everyone. */
function UserSearch({ role, q, onSearch }: { role: ManagedRole; q: string; onSearch: (q: string) => void }) {
  const id = `search-${role}s`;
  return (
    <form
      aria-label={TEXTS[role].search}
      className="mb-4 flex max-w-md items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <div className="grid min-w-0 grow gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {TEXTS[role].search}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t`Name or e-mail`}
          className="input input-sm w-full"
        />
      </div>
      <button type="submit" className="btn btn-sm btn-primary">
        {t`Search`}
      </button>
    </form>
  );
}

export function UsersTable({ kind: role }: { kind: ManagedRole }) {
  const [q, setQ] = useState('');
  const users = useUsers(role, q);
  const session = useSession();
  const adminEmail = session.status === 'signedIn' ? session.user.email : '';
  const remove = useDeleteUser(role);
  const verify = useVerifySeller(adminEmail);
  const [confirming, setConfirming] = useState<User | null>(null);
  const [verifying, setVerifying] = useState<User | null>(null);
  const search = <UserSearch role={role} q={q} onSearch={setQ} />;

  if (users.isPending)
    return (
      <>
        {search}
        <Spinner />
      </>
    );
  if (users.isError)
    return (
      <>
        {search}
        <LoadError what={TEXTS[role].loadWhat} />
      </>
    );
  const list = itemsOf(users.data);
  if (list.length === 0) {
    return (
      <>
        {search}
        <p className="rounded-box border border-dashed border-base-300 py-12 text-center text-base-content/70">
          {q ? TEXTS[role].noMatch(q) : TEXTS[role].none}
        </p>
      </>
    );
  }

  const isSeller = role === 'seller';

  function confirmDelete() {
    if (!confirming) return;
    remove.mutate(confirming, {
      onSuccess: () => toast.success(translateMessage(USER_MESSAGES.deleted)),
      onError: (error) => reportFailure('delete user', error),
      onSettled: () => setConfirming(null),
    });
  }

  function verifySeller(seller: User, note: string) {
    verify.mutate(
      { seller, note },
      {
        onSuccess: () => {
          toast.success(translateMessage(USER_MESSAGES.verified));
          setVerifying(null);
        },
        // The dialog stays open with the server's words (verify.error).
        onError: (error) => console.error('[admin] verify seller failed:', error),
      },
    );
  }

  return (
    <>
      {search}
      {/*
        Four columns do not fit a phone: below `sm` each row stacks as a small card (name, e-mail,
        then status and actions). The explicit roles keep it a table for screen readers, which some
        browsers stop announcing once table parts get another display. From `sm` up it is a plain
        table; where the dashboard menu leaves it too little room it scrolls inside its frame.
      */}
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table role="table" className="table max-sm:block sm:whitespace-nowrap">
          <thead className="max-sm:hidden">
            <tr>
              <th scope="col">{t`Name`}</th>
              <th scope="col">{t`Email`}</th>
              {isSeller ? <th scope="col">{t`Status`}</th> : null}
              <th scope="col">{t`Actions`}</th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {list.map((user) => {
              const busy = verify.isPending && verify.variables?.seller._id === user._id;
              return (
                <tr
                  key={user._id}
                  role="row"
                  className="hover:bg-base-200/50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:border-base-content/5 max-sm:border-b max-sm:p-4 max-sm:last:border-b-0"
                >
                  <td role="cell" translate="no" className="font-medium max-sm:basis-full max-sm:border-0 max-sm:p-0">
                    {user.name}
                  </td>
                  <td
                    role="cell"
                    translate="no"
                    className="max-sm:-mt-2 max-sm:basis-full max-sm:break-all max-sm:border-0 max-sm:p-0 max-sm:text-sm max-sm:text-base-content/70"
                  >
                    {user.email}
                  </td>
                  {isSeller ? (
                    <td role="cell" className="max-sm:border-0 max-sm:p-0">
                      {user.verified ? (
                        <span className="badge badge-soft badge-success">{t`Verified`}</span>
                      ) : user.verification_requested ? (
                        // Listed first (docs/product.md#seller-verification): the seller asked to be verified.
                        <span className="badge badge-info h-auto min-h-5 py-0.5">{t`Asked to be verified`}</span>
                      ) : (
                        <span className="badge badge-soft badge-warning">{t`Not verified`}</span>
                      )}
                    </td>
                  ) : null}
                  <td role="cell" className="max-sm:ms-auto max-sm:border-0 max-sm:p-0">
                    <div className="flex gap-2">
                      {isSeller ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={user.verified || busy || !adminEmail}
                          onClick={() => {
                            verify.reset();
                            setVerifying(user);
                          }}
                        >
                          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                          {user.verified ? t`Verified` : t`Verify`}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        onClick={() => setConfirming(user)}
                      >
                        {t`Delete`}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        onLoadMore={() => void users.fetchNextPage()}
      />
      {verifying ? (
        <VerifySellerDialog
          seller={verifying}
          busy={verify.isPending}
          error={verify.error ? errorText(verify.error, t`Something went wrong. Please try again.`) : null}
          onVerify={(note) => verifySeller(verifying, note)}
          onClose={() => setVerifying(null)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          question={translateMessage(USER_MESSAGES.deleteConfirm)}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          <p>
            <strong translate="no">{confirming.name}</strong> (<span translate="no">{confirming.email}</span>).{' '}
            {TEXTS[role].deleteDetail} {t`This cannot be undone.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
