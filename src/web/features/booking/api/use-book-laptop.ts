import { useMutation } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import type { Order } from '../../../../shared/orders.ts';
import { apiSend } from '../../../lib/api-client.ts';

/** What the booking flow needs of a laptop. */
export type BookableLaptop = Pick<Laptop, '_id' | 'laptop_name' | 'laptop_img' | 'resale_price'>;

export interface Buyer {
  name: string;
  email: string;
}

export interface BookingRequest {
  laptop: BookableLaptop;
  buyer: Buyer;
  /** Already validated and normalised by bookingFormSchema. */
  details: { buyerPhoneNumber: string; meetingAddress: string };
}

/**
 * POST /myOrders (bearer) with every order field, then PUT /booked/{laptopId} (docs/product.md#booking).
 * The server copies the laptop's name, image and price from its own records and marks the laptop
 * booked itself; the client still sends every field the route accepts.
 */
export async function bookLaptop({ laptop, buyer, details }: BookingRequest): Promise<Order> {
  const order = await apiSend<Order>(
    'POST',
    '/myOrders',
    {
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerPhoneNumber: details.buyerPhoneNumber,
      meetingAddress: details.meetingAddress,
      laptop_img: laptop.laptop_img,
      laptop_name: laptop.laptop_name,
      laptop_id: laptop._id,
      resale_price: laptop.resale_price,
      payment_status: false,
    },
    { bearer: { email: buyer.email } },
  );
  try {
    await apiSend('PUT', `/booked/${encodeURIComponent(laptop._id)}`, { booked: true });
  } catch (error) {
    // The order stands (and the server has already marked the laptop booked), so the booking
    // succeeded for the buyer: this failed call is only logged.
    console.error('[api] PUT /booked failed after the order was created:', error);
  }
  return order;
}

export function useBookLaptop({ onBooked }: { onBooked?: (order: Order) => void } = {}) {
  return useMutation({
    mutationFn: bookLaptop,
    onSuccess: (order) => onBooked?.(order),
  });
}
