import { t } from '@lingui/core/macro';
import type { ErrorBody } from '../../../../shared/errors.ts';
import type { Photo } from '../../../../shared/photos.ts';
import { API_BASE, ApiError, apiErrorOf } from '../../../lib/api-client.ts';

/**
 * POST /api/photos with the file as the multipart field `photo`, reporting the share sent so far
 * (fetch cannot tell how much of a body has gone; XMLHttpRequest can). Rejects with ApiError: the
 * server's message (English, shown through translateMessage) or one of ours in the page's language.
 */
export function uploadPhoto(
  file: Blob,
  name: string,
  { onProgress, signal }: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/photos`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        onProgress?.(1);
        resolve(xhr.response as Photo);
        return;
      }
      const body = xhr.response as ErrorBody | null;
      const error = body?.error;
      const status = String(xhr.status);
      reject(
        error
          ? apiErrorOf(xhr.status, { error })
          : new ApiError(xhr.status, 'internal', t`The upload failed with status ${status}`, { worded: true }),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', t`Could not reach the server. Check your connection.`));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('photo', file, name);
    xhr.send(form);
  });
}
