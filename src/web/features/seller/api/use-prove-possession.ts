import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingReview } from '../../../../shared/moderation.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { scalePhoto } from '../../../lib/scale-photo.ts';
import { uploadPhoto } from './upload-photo.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/**
 * A held listing's proof of possession (docs/product.md#moderation): the photo of the laptop beside
 * the handwritten code, scaled and uploaded as the listing's photos are (POST /api/photos), then
 * given to the listing: PUT /api/laptops/{id}/proof {photo_id} → the listing's review.
 */
export async function provePossession(laptopId: string, file: File): Promise<ListingReview> {
  const scaled = await scalePhoto(file);
  const photo = await uploadPhoto(scaled?.blob ?? file, scaled?.name ?? file.name);
  return apiSend<ListingReview>('PUT', `/laptops/${encodeURIComponent(laptopId)}/proof`, { photo_id: photo.id });
}

export function useProvePossession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ laptopId, file }: { laptopId: string; file: File }) => provePossession(laptopId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
