import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import { PHOTO_MESSAGES } from '../../../../shared/photo-files.ts';
import type { Photo } from '../../../../shared/photos.ts';
import { reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { mockSellerApi, renderSellerApp, SELLER_LAPTOPS, sentRequests } from '../test/seller-app.tsx';
import { PhotoPicker } from './photo-picker.tsx';

// The photo picker of Add A Product (docs/photos.md#in-the-browser). jsdom draws nothing and has
// no network: without createImageBitmap a photo is sent as it is (the path of a photo the browser
// cannot draw), and XMLHttpRequest is a fake the test answers, upload progress included.

/** One POST /api/photos the picker made: what it sent, and handles to answer it. */
class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  status = 0;
  response: unknown = null;
  body: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor(private readonly sent: FakeUpload[]) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    this.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent as the multipart field `photo`. */
  get file(): File {
    return this.body?.get('photo') as File;
  }
  async progress(loaded: number, total: number) {
    await act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  async answer(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    await act(async () => this.onload?.());
  }
}

/** Replaces XMLHttpRequest for this test; the list fills with the uploads in the order they start. */
function fakeUploads(): FakeUpload[] {
  const sent: FakeUpload[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUpload {
      constructor() {
        super(sent);
      }
    },
  );
  return sent;
}

/** A stored photo as POST /api/photos answers it; the id is 32 hex digits, as the server's are. */
function storedPhoto(n: number): Photo {
  const id = n.toString(16).padStart(32, 'a');
  return { id, url: `/photos/${id}/1280.webp`, width: 1280, height: 853, widths: [320, 640, 960, 1280] };
}

const jpeg = (name: string) => new File([`pixels of ${name}`], name, { type: 'image/jpeg' });

// jsdom has no object URLs; the thumbnail's address names its file, so a test can tell them apart.
beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob instanceof File ? blob.name : 'scaled'}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  // A stub of a test that draws must not reach the next one.
  Reflect.deleteProperty(HTMLCanvasElement.prototype, 'getContext');
  Reflect.deleteProperty(HTMLCanvasElement.prototype, 'toBlob');
});

function renderPicker() {
  const onChange = vi.fn<(ids: string[]) => void>();
  const onBusyChange = vi.fn<(busy: boolean) => void>();
  const user = userEvent.setup();
  render(<PhotoPicker id="photos" onChange={onChange} onBusyChange={onBusyChange} />);
  return { user, onChange, onBusyChange, input: screen.getByLabelText<HTMLInputElement>('Choose photos') };
}

/** The shown photos, in order. */
const shown = () => within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('listitem');
/** Which file each shown photo is (its thumbnail's address), in order. */
const shownFiles = () => shown().map((item) => within(item).getByRole('img').getAttribute('src'));

describe('PhotoPicker', () => {
  it('offers a labelled file input for photos, several at once', () => {
    const { input } = renderPicker();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription(/Up to 8 photos.*The first photo is the cover\./);
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();
  });

  it('shows a thumbnail per photo and uploads them one at a time with a progress bar', async () => {
    const uploads = fakeUploads();
    const { user, input, onChange, onBusyChange } = renderPicker();
    await user.upload(input, [jpeg('front.jpg'), jpeg('keyboard.jpg')]);

    await waitFor(() => expect(shownFiles()).toEqual(['blob:front.jpg', 'blob:keyboard.jpg']));
    expect(screen.getByRole('img', { name: 'Upload 1 of 2' })).toBeInTheDocument();
    // Only the first is on its way; the second waits its turn.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/photos' });
    // Without createImageBitmap nothing is drawn: the file goes as it is, under its own name.
    expect(uploads[0]!.file.name).toBe('front.jpg');
    expect(await uploads[0]!.file.text()).toBe('pixels of front.jpg');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    const bar = screen.getByRole('progressbar', { name: 'Uploading photo 1' });
    expect(bar).toHaveAttribute('value', '0');
    await uploads[0]!.progress(30, 100);
    expect(bar).toHaveAttribute('value', '0.3');
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toHaveAttribute('value', '0');

    await uploads[0]!.answer(201, storedPhoto(1));
    expect(screen.queryByRole('progressbar', { name: 'Uploading photo 1' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(1).id]);
    // The next one starts once the first has gone.
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.file.name).toBe('keyboard.jpg');
    await uploads[1]!.answer(201, storedPhoto(2));

    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(1).id, storedPhoto(2).id]);
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    // The thumbnails stay the local pictures: nothing is fetched back.
    expect(shownFiles()).toEqual(['blob:front.jpg', 'blob:keyboard.jpg']);
  });

  it('sends what createImageBitmap cannot open (a HEIC, say) as it is', async () => {
    const uploads = fakeUploads();
    const createImageBitmap = vi.fn(() => Promise.reject(new DOMException('cannot decode', 'InvalidStateError')));
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const { user, input } = renderPicker();
    const heic = new File(['heic bytes'], 'IMG_0001.HEIC', { type: 'image/heic' });
    await user.upload(input, heic);

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(createImageBitmap).toHaveBeenCalledWith(heic, { imageOrientation: 'from-image' });
    expect(uploads[0]!.file.name).toBe('IMG_0001.HEIC');
    expect(uploads[0]!.file.type).toBe('image/heic');
    expect(await uploads[0]!.file.text()).toBe('heic bytes');
  });

  it('sends a photo the browser can draw as a JPEG at most 2048 px on its long side', async () => {
    const uploads = fakeUploads();
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 3000, close })),
    );
    const drawImage = vi.fn();
    // jsdom has a canvas element but draws nothing: a context and toBlob that record what was asked.
    HTMLCanvasElement.prototype.getContext = vi.fn(() => ({ drawImage, imageSmoothingQuality: 'low' })) as never;
    HTMLCanvasElement.prototype.toBlob = vi.fn(function (this: HTMLCanvasElement, done: BlobCallback, type?: string) {
      done(new Blob([`${this.width}x${this.height}`], { type }));
    });
    const { user, input } = renderPicker();
    await user.upload(input, jpeg('camera photo.png'));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 2048, 1536);
    expect(uploads[0]!.file.name).toBe('camera photo.jpg');
    expect(uploads[0]!.file.type).toBe('image/jpeg');
    expect(await uploads[0]!.file.text()).toBe('2048x1536');
    expect(close).toHaveBeenCalled();
  });

  it('moves the Cover badge with the photo moved first, and reports the ids in the shown order', async () => {
    const uploads = fakeUploads();
    const { user, input, onChange } = renderPicker();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    for (const n of [1, 2, 3]) {
      await waitFor(() => expect(uploads).toHaveLength(n));
      await uploads[n - 1]!.answer(201, storedPhoto(n));
    }
    const [a, b, c] = [1, 2, 3].map((n) => storedPhoto(n).id);
    expect(onChange).toHaveBeenLastCalledWith([a, b, c]);
    expect(within(shown()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(screen.getAllByText('Cover')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    // The third to the front, in two steps.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(shownFiles()).toEqual(['blob:c.jpg', 'blob:a.jpg', 'blob:b.jpg']);
    expect(within(shown()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(screen.getAllByText('Cover')).toHaveLength(1);
    expect(onChange).toHaveBeenLastCalledWith([c, a, b]);

    // The cover one place later: the next one becomes the cover.
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(shownFiles()).toEqual(['blob:a.jpg', 'blob:c.jpg', 'blob:b.jpg']);
    expect(within(shown()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([a, c, b]);
  });

  it('removes a photo with Remove; removing the cover makes the next one the cover', async () => {
    const uploads = fakeUploads();
    const { user, input, onChange } = renderPicker();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    for (const n of [1, 2, 3]) {
      await waitFor(() => expect(uploads).toHaveLength(n));
      await uploads[n - 1]!.answer(201, storedPhoto(n));
    }
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(shownFiles()).toEqual(['blob:a.jpg', 'blob:c.jpg']);
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(1).id, storedPhoto(3).id]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:b.jpg');

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(shownFiles()).toEqual(['blob:c.jpg']);
    expect(within(shown()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(3).id]);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows the server’s message when an upload fails, goes on with the next, and Retry sends it again', async () => {
    const uploads = fakeUploads();
    const { user, input, onChange, onBusyChange } = renderPicker();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    await uploads[0]!.answer(400, {
      error: {
        code: 'validation',
        reason: 'photo_unreadable',
        message: PHOTO_MESSAGES.unreadable,
        fields: { photo: { code: 'photo_unreadable', message: PHOTO_MESSAGES.unreadable } },
      },
    });

    const failed = shown()[0]!;
    expect(within(failed).getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.unreadable);
    expect(within(failed).queryByRole('progressbar')).not.toBeInTheDocument();
    // A failed photo holds nothing up: the next one goes.
    await waitFor(() => expect(uploads).toHaveLength(2));
    await uploads[1]!.answer(201, storedPhoto(2));
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(2).id]);
    expect(onBusyChange).toHaveBeenLastCalledWith(false);

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads[2]!.file.name).toBe('a.jpg');
    expect(within(shown()[0]!).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 1' })).toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    await uploads[2]!.answer(201, storedPhoto(1));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // It keeps its place: first, the cover.
    expect(onChange).toHaveBeenLastCalledWith([storedPhoto(1).id, storedPhoto(2).id]);
  });

  it('says so when the connection fails, or the server answers without the error shape', async () => {
    const uploads = fakeUploads();
    const { user, input } = renderPicker();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0]!.onerror?.());
    expect(within(shown()[0]!).getByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection.',
    );
    await waitFor(() => expect(uploads).toHaveLength(2));
    await uploads[1]!.answer(502, null);
    expect(within(shown()[1]!).getByRole('alert')).toHaveTextContent('The upload failed with status 502');
  });

  it('takes at most 8 photos and says the rest were not added', async () => {
    fakeUploads();
    const { user, input } = renderPicker();
    const files = Array.from({ length: 10 }, (_, i) => jpeg(`photo-${i + 1}.jpg`));
    await user.upload(input, files);

    expect(await screen.findByRole('status')).toHaveTextContent('A listing can have 8 photos: the first 8 were added.');
    await waitFor(() => expect(shown()).toHaveLength(8));
    expect(shownFiles().at(-1)).toBe('blob:photo-8.jpg');
    expect(input).toBeDisabled();

    // Room for one again: one more is taken, the rest refused.
    await user.click(screen.getByRole('button', { name: 'Remove photo 8' }));
    expect(input).toBeEnabled();
    await user.upload(input, [jpeg('extra-1.jpg'), jpeg('extra-2.jpg')]);
    await waitFor(() => expect(shown()).toHaveLength(8));
    expect(shownFiles().at(-1)).toBe('blob:extra-1.jpg');
    expect(screen.getByRole('status')).toHaveTextContent(/A listing can have 8 photos/);
  });
});

// The form around it: Add A Product sends the ids in the shown order and waits for the uploads.
describe('Add A Product with photos', { timeout: 20_000 }, () => {
  const PATH = '/dashboard/addAProduct';
  const PAGE_LOAD = { timeout: 5000 };

  /** Every required field but the image URL: the photos stand for it. */
  async function fillAllButImage(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Laptop name'), 'Dell Latitude 7490');
    await user.selectOptions(screen.getByLabelText('Laptop category'), 'premium');
    await user.type(screen.getByLabelText('Resale price'), '38000');
    await user.type(screen.getByLabelText('Original price'), '110000');
    await user.selectOptions(screen.getByLabelText('Condition type'), 'excellent');
    await user.type(screen.getByLabelText('Mobile number'), '01812345678');
    await user.selectOptions(screen.getByLabelText('Location'), 'dhaka');
    await user.type(screen.getByLabelText('Months of use'), '2');
    await user.type(screen.getByLabelText('Laptop description'), 'Core i7, 16 GB RAM, 512 GB SSD.');
  }

  it('sends the uploaded photos’ ids in the order shown, the moved one first', async () => {
    const uploads = fakeUploads();
    const added = makeLaptop({ _id: 'new-photos', laptop_name: 'Dell Latitude 7490' });
    mockSellerApi({ '/api/addLaptop': reply(201, added), [SELLER_LAPTOPS]: [added] });
    const { user } = renderSellerApp(PATH);
    const input = await screen.findByLabelText('Choose photos', {}, PAGE_LOAD);
    expect(screen.getByLabelText('Photos')).toBe(input);
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    for (const n of [1, 2, 3]) {
      await waitFor(() => expect(uploads).toHaveLength(n));
      await uploads[n - 1]!.answer(201, storedPhoto(n));
    }
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await fillAllButImage(user);
    await user.click(screen.getByRole('button', { name: 'Add laptop' }));

    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
    const [a, b, c] = [1, 2, 3].map((n) => storedPhoto(n).id);
    expect(sentRequests()).toHaveLength(1);
    expect(sentRequests()[0]).toMatchObject({
      method: 'POST',
      url: '/api/addLaptop',
      body: { laptop_name: 'Dell Latitude 7490', photos: [c, a, b] },
    });
    expect(sentRequests()[0]?.body).not.toHaveProperty('laptop_img');
  });

  it('does not submit while a photo is uploading, says why, and submits once it is done', async () => {
    const uploads = fakeUploads();
    const added = makeLaptop({ _id: 'new-waits', laptop_name: 'Dell Latitude 7490' });
    mockSellerApi({ '/api/addLaptop': reply(201, added), [SELLER_LAPTOPS]: [added] });
    const { user } = renderSellerApp(PATH);
    const input = await screen.findByLabelText('Choose photos', {}, PAGE_LOAD);
    await user.upload(input, jpeg('a.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await fillAllButImage(user);
    await user.click(screen.getByRole('button', { name: 'Add laptop' }));

    expect(await screen.findByText('Wait until your photos have finished uploading')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Wait until your photos have finished uploading/);
    // Not the message of a listing without any picture: the photo is on its way.
    expect(screen.queryByText(LAPTOP_MESSAGES.image)).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);

    await uploads[0]!.answer(201, storedPhoto(1));
    await waitFor(() =>
      expect(screen.queryByText('Wait until your photos have finished uploading')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Add laptop' }));
    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
    expect(sentRequests()[0]?.body).toMatchObject({ photos: [storedPhoto(1).id] });
  });

  it('asks for a photo or an image URL when neither is given, until a photo is uploaded', async () => {
    mockSellerApi();
    const { user } = renderSellerApp(PATH);
    await screen.findByLabelText('Choose photos', {}, PAGE_LOAD);
    await fillAllButImage(user);
    await user.click(screen.getByRole('button', { name: 'Add laptop' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Laptop image')).toHaveAccessibleDescription(
        new RegExp(`^${LAPTOP_MESSAGES.image}`),
      ),
    );
    expect(sentRequests()).toEqual([]);

    // A photo stands for the URL: its message goes once the photo is uploaded.
    const uploads = fakeUploads();
    await user.upload(screen.getByLabelText('Choose photos'), jpeg('a.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await uploads[0]!.answer(201, storedPhoto(1));
    await waitFor(() => expect(screen.queryByText(LAPTOP_MESSAGES.image)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Laptop image')).not.toHaveAttribute('aria-invalid');
  });
});
