import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { LAPTOP_MESSAGES, type Laptop } from '../../../../shared/laptops.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatTk } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { paths } from '../../../lib/paths.ts';
import { useAdvertiseLaptop } from '../api/use-advertise-laptop.ts';
import { useDeleteLaptop } from '../api/use-delete-laptop.ts';
import { useSellerLaptops } from '../api/use-seller-laptops.ts';

/** The seller's question before a laptop is deleted, word for word (docs/product.md#confirmations). */
export const DELETE_LAPTOP_QUESTION = 'Are you sure you want to delete?';

// Nothing marks a laptop sold yet (docs/product.md#laptops); a booked one is what the seller most needs to notice.
function saleStatus(laptop: Laptop): string {
  return laptop.booked ? 'booked' : laptop.salesStatus;
}

function StatusBadge({ laptop }: { laptop: Laptop }) {
  const status = saleStatus(laptop);
  return (
    <span className={`badge badge-soft badge-sm ${status === 'unsold' ? 'badge-neutral' : 'badge-warning'}`}>
      {status}
    </span>
  );
}

// The seller's own action failing (a laptop already gone, a lost connection) must not pass
// silently, so it is shown with the server's words as well as logged (docs/product.md#failed-calls).
function reportFailure(action: string, error: unknown) {
  console.error(`[seller] ${action} failed:`, error);
  toast.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
}

function EmptyProducts() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
      <p className="text-lg font-medium">You have not listed any laptops yet.</p>
      <p className="max-w-md text-base-content/70">
        Add your first one: buyers across Bangladesh browse Laptop Haat every day.
      </p>
      <Link to={paths.addAProduct} className="btn btn-primary">
        Add A Product
      </Link>
    </div>
  );
}

/**
 * The seller's laptops (docs/product.md#my-products) with Advertise and Delete. On a phone the price and status move
 * under the name and the two buttons stack, so the table fits 360 px without scrolling sideways.
 */
export function MyProducts({ sellerEmail }: { sellerEmail: string }) {
  const laptops = useSellerLaptops(sellerEmail);
  const advertise = useAdvertiseLaptop();
  const remove = useDeleteLaptop();
  const [confirming, setConfirming] = useState<Laptop | null>(null);

  if (laptops.isPending) return <Spinner />;
  if (laptops.isError) return <LoadError what="your laptops" />;
  const list = itemsOf(laptops.data);
  if (list.length === 0) return <EmptyProducts />;

  function advertiseLaptop(laptop: Laptop) {
    advertise.mutate(laptop._id, {
      onSuccess: () => toast.success(LAPTOP_MESSAGES.advertised),
      onError: (error) => reportFailure('advertise laptop', error),
    });
  }

  function confirmDelete() {
    if (!confirming) return;
    remove.mutate(confirming._id, {
      onSuccess: () => toast.success(LAPTOP_MESSAGES.deleted),
      onError: (error) => reportFailure('delete laptop', error),
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Laptop</th>
              <th scope="col" className="hidden sm:table-cell">
                Price
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Status
              </th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((laptop) => {
              const advertising = advertise.isPending && advertise.variables === laptop._id;
              return (
                <tr key={laptop._id}>
                  <td className="px-3 sm:px-4">
                    <div className="flex items-center gap-3">
                      <div className="h-8 w-12 shrink-0 overflow-hidden rounded-field bg-base-200 sm:h-10 sm:w-16">
                        <LaptopImage
                          photo={laptop.cover_photo}
                          src={laptop.laptop_img}
                          alt={laptop.laptop_name}
                          sizes="64px"
                          className="h-full"
                        />
                      </div>
                      <div className="min-w-0">
                        <p className="font-medium leading-snug break-words">{laptop.laptop_name}</p>
                        {/* Only one copy of price and status is displayed (and read out) at any width. */}
                        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/70 sm:hidden">
                          <span>{formatTk(laptop.resale_price)}</span>
                          <StatusBadge laptop={laptop} />
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden whitespace-nowrap sm:table-cell">{formatTk(laptop.resale_price)}</td>
                  <td className="hidden sm:table-cell">
                    <StatusBadge laptop={laptop} />
                  </td>
                  <td className="px-2 sm:px-4">
                    <div className="flex flex-col items-stretch justify-end gap-2 sm:flex-row sm:items-center">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={laptop.advertise || advertising}
                        onClick={() => advertiseLaptop(laptop)}
                      >
                        {advertising ? (
                          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                        ) : null}
                        {laptop.advertise ? 'Advertised' : 'Advertise'}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm"
                        onClick={() => setConfirming(laptop)}
                      >
                        Delete
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
        hasNextPage={laptops.hasNextPage}
        isFetchingNextPage={laptops.isFetchingNextPage}
        onLoadMore={() => void laptops.fetchNextPage()}
      />

      {confirming ? (
        <ConfirmDialog
          question={DELETE_LAPTOP_QUESTION}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          “{confirming.laptop_name}” will be removed from Laptop Haat, along with any bookings on it.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
