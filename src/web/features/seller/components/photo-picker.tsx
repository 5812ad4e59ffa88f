import { plural, t } from '@lingui/core/macro';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { PHOTO_LIMITS } from '../../../../shared/photo-files.ts';
import type { Photo } from '../../../../shared/photos.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { formatCount } from '../../../lib/format.ts';
import { scalePhoto } from '../../../lib/scale-photo.ts';
import { uploadPhoto } from '../api/upload-photo.ts';

// The Add A Product form's photos (docs/photos.md#in-the-browser): picked from files or the camera,
// dropped onto the box, scaled down in the browser, uploaded one after another with a progress bar,
// reordered (the first is the cover) and removed. The form gets the ids of those uploaded, in order.

interface Picked {
  key: string;
  /** A local address of the scaled picture (or the stored photo's), for the thumbnail. */
  preview: string;
  /** The scaled picture to send; none for a photo the listing already has. */
  blob?: Blob;
  name: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  progress: number;
  error?: string;
  photo?: Photo;
}

interface PhotoPickerProps {
  id: string;
  /** The ids of the uploaded photos, cover first, whenever they change. */
  onChange: (ids: string[]) => void;
  /** Whether any photo is still being sent (the form waits for them). */
  onBusyChange?: (busy: boolean) => void;
  /** The form's message for this field (e.g. a photo the server refused). */
  error?: string | undefined;
  /** The listing's photos when it is edited, cover first: shown as uploaded. */
  initial?: readonly Photo[] | undefined;
}

let counter = 0;
const nextKey = () => `photo-${++counter}`;

const stored = (photo: Photo): Picked => ({
  key: nextKey(),
  preview: photo.url,
  name: photo.id,
  status: 'done',
  progress: 1,
  photo,
});

/** A thumbnail's local address, given back when it goes (a stored photo's is not local). */
const release = (item: Picked) => {
  if (item.blob) URL.revokeObjectURL(item.preview);
};

export function PhotoPicker({ id, onChange, onBusyChange, error, initial }: PhotoPickerProps) {
  const [items, setItems] = useState<Picked[]>(() => (initial ?? []).map(stored));
  const [notice, setNotice] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const dragged = useRef<string | null>(null);
  const uploading = useRef(false);
  /** Photos picked and still being scaled (not in the list yet). */
  const scaling = useRef(0);
  /** Stops the upload of a photo being sent (by its key). */
  const cancels = useRef(new Map<string, () => void>());
  const live = useRef(items);
  live.current = items;

  const update = (key: string, change: Partial<Picked>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  // Tell the form the order of the uploaded photos, and whether it must wait.
  const doneIds = items.flatMap((item) => (item.status === 'done' && item.photo ? [item.photo.id] : []));
  const idsKey = doneIds.join(',');
  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for doneIds
  useEffect(() => onChange(doneIds), [idsKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when it changes only
  useEffect(() => onBusyChange?.(busy), [busy]);

  // One upload at a time: on a phone's connection, parallel uploads only slow each other.
  useEffect(() => {
    if (uploading.current) return;
    const next = items.find((item) => item.status === 'waiting');
    if (!next?.blob) return;
    uploading.current = true;
    update(next.key, { status: 'uploading', progress: 0 });
    // Removing the photo while it is sent stops sending it.
    const controller = new AbortController();
    cancels.current.set(next.key, () => controller.abort());
    uploadPhoto(next.blob, next.name, {
      onProgress: (progress) => update(next.key, { progress }),
      signal: controller.signal,
    })
      .then((photo) => update(next.key, { status: 'done', photo, progress: 1 }))
      .catch((e: unknown) =>
        update(next.key, {
          status: 'failed',
          error: errorText(e, t`The photo could not be uploaded. Please try again.`),
        }),
      )
      .finally(() => {
        cancels.current.delete(next.key);
        uploading.current = false;
        // Wake the effect for the next one.
        setItems((list) => [...list]);
      });
  });

  // The local addresses go with the component.
  useEffect(
    () => () => {
      for (const item of live.current) release(item);
    },
    [],
  );

  async function add(files: readonly File[]) {
    setNotice(null);
    // Counted before scaling (which takes a moment): two quick picks cannot pass eight between them.
    const room = Math.max(0, PHOTO_LIMITS.perLaptop - live.current.length - scaling.current);
    if (files.length > room) {
      const limit = formatCount(PHOTO_LIMITS.perLaptop);
      const added = formatCount(room);
      setNotice(
        room === 0
          ? t`A listing can have ${limit} photos: remove one to add another.`
          : plural(room, {
              one: `A listing can have ${limit} photos: the first was added.`,
              other: `A listing can have ${limit} photos: the first ${added} were added.`,
            }),
      );
    }
    const taken = files.slice(0, room);
    scaling.current += taken.length;
    for (const file of taken) {
      const scaled = await scalePhoto(file).finally(() => {
        scaling.current -= 1;
      });
      const blob = scaled?.blob ?? file;
      const item: Picked = {
        key: nextKey(),
        preview: URL.createObjectURL(blob),
        blob,
        name: scaled?.name ?? file.name,
        status: 'waiting',
        progress: 0,
      };
      setItems((list) => [...list, item]);
    }
  }

  const remove = (key: string) => {
    cancels.current.get(key)?.();
    setItems((list) => {
      const item = list.find((x) => x.key === key);
      if (item) release(item);
      return list.filter((x) => x.key !== key);
    });
  };

  const move = (from: number, to: number) =>
    setItems((list) => {
      if (to < 0 || to >= list.length) return list;
      const copy = [...list];
      const [item] = copy.splice(from, 1);
      copy.splice(to, 0, item!);
      return copy;
    });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (dragged.current) return;
    void add([...event.dataTransfer.files].filter((f) => f.type.startsWith('image/') || f.type === ''));
  };

  // Dropping one thumbnail on another puts it there.
  const onDropOn = (index: number) => (event: DragEvent) => {
    if (!dragged.current) return;
    event.preventDefault();
    event.stopPropagation();
    const from = live.current.findIndex((item) => item.key === dragged.current);
    dragged.current = null;
    if (from >= 0) move(from, index);
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const limit = formatCount(PHOTO_LIMITS.perLaptop);
  const total = formatCount(items.length);

  return (
    <div className="grid gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the input inside is the control */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={`rounded-box border-2 border-dashed p-4 text-center transition-colors ${
          dragOver ? 'border-primary bg-primary/5' : 'border-base-300'
        }`}
      >
        <label htmlFor={id} className="btn btn-outline btn-primary">
          {t`Choose photos`}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={items.length >= PHOTO_LIMITS.perLaptop}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void add(files);
          }}
        />
        <p id={`${id}-hint`} className="mt-2 text-sm text-base-content/70">
          {t`Up to ${limit} photos, or drop them here. On a phone you can take them with the camera. The first photo is the cover.`}
        </p>
      </div>
      {notice ? (
        <p className="text-sm text-warning" role="status">
          {notice}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t`Your photos`}>
          {items.map((item, index) => {
            const number = formatCount(index + 1);
            return (
              <li
                key={item.key}
                draggable
                onDragStart={() => {
                  dragged.current = item.key;
                }}
                onDragEnd={() => {
                  dragged.current = null;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={onDropOn(index)}
                className="grid gap-1 rounded-box border border-base-300 bg-base-100 p-2"
              >
                <div className="relative">
                  <img
                    src={item.preview}
                    alt={t`Upload ${number} of ${total}`}
                    className="aspect-[8/5] w-full rounded-field object-cover"
                  />
                  {index === 0 ? (
                    <span className="badge badge-primary badge-sm absolute top-1 left-1">{t`Cover`}</span>
                  ) : null}
                </div>
                {item.status === 'uploading' || item.status === 'waiting' ? (
                  <progress
                    className="progress progress-primary w-full"
                    value={item.status === 'waiting' ? 0 : item.progress}
                    max={1}
                    aria-label={t`Uploading photo ${number}`}
                  />
                ) : null}
                {item.status === 'failed' ? (
                  <p className="text-xs text-error" role="alert">
                    {item.error}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={t`Move photo ${number} earlier`}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => move(index, index + 1)}
                    disabled={index === items.length - 1}
                    aria-label={t`Move photo ${number} later`}
                  >
                    →
                  </button>
                  {item.status === 'failed' ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => update(item.key, { status: 'waiting', error: undefined, progress: 0 })}
                    >
                      {t`Retry`}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    onClick={() => remove(item.key)}
                    aria-label={t`Remove photo ${number}`}
                  >
                    {t`Remove`}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
