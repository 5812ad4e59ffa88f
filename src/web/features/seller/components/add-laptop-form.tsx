import { t } from '@lingui/core/macro';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import {
  BRANDS,
  CATEGORIES,
  CONDITIONS,
  LOCATIONS,
  RAM_SIZES_GB,
  SPEC_LIMITS,
  STORAGE_TYPES,
} from '../../../../shared/catalog.ts';
import { type AddLaptop, AREA_MAX, addLaptopSchema, type Laptop } from '../../../../shared/laptops.ts';
import type { LaptopDetail } from '../../../../shared/search.ts';
import {
  BatteryConditionHint,
  batteryHealthHowTo,
  ConditionChoiceHelp,
} from '../../../components/condition-definition.tsx';
import { VerifyPhoneLink } from '../../../components/verify-phone-link.tsx';
import { apiErrorText, apiFieldText } from '../../../i18n/api-errors.ts';
import { categoryName, conditionName, locationName } from '../../../i18n/labels.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { formatCount } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useAddLaptop } from '../api/use-add-laptop.ts';
import { useEditLaptop } from '../api/use-edit-laptop.ts';
import { PhotoPicker } from './photo-picker.tsx';

// What the inputs hold: text, until the shared schema turns it into numbers and a normalised phone;
// the negotiable tick; and the ids of the photos uploaded so far (the photo picker sets them). The
// form asks for months of use (`usage_months`); whole years (`usage_Time`) are for older clients.
type FormValues = Record<Exclude<keyof AddLaptop, 'seller_email' | 'photos' | 'negotiable' | 'usage_Time'>, string> & {
  photos: string[];
  negotiable: boolean;
};
type FieldName = FieldPath<FormValues>;
/** The inputs of text, numbers and choices (the photos and the tick have their own controls). */
type TextField = Exclude<keyof FormValues, 'photos' | 'negotiable'>;

const EMPTY: FormValues = {
  laptop_name: '',
  laptop_img: '',
  category: '',
  resale_price: '',
  original_price: '',
  conditionType: '',
  sellerMobileNumber: '',
  location: '',
  area: '',
  negotiable: false,
  usage_months: '',
  laptopDesc: '',
  brand: '',
  processor: '',
  ram_gb: '',
  storage_gb: '',
  storage_type: '',
  screen_inches: '',
  gpu: '',
  battery_health: '',
  photos: [],
};

const isFieldName = (key: string): key is FieldName => Object.hasOwn(EMPTY, key);

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

/** The form filled in with a listing, to edit it. */
function valuesOf(laptop: LaptopDetail): FormValues {
  return {
    laptop_name: laptop.laptop_name,
    // With photos, the image URL is the cover's: the photos stand for it.
    laptop_img: laptop.photos.length > 0 ? '' : laptop.laptop_img,
    category: laptop.category,
    resale_price: text(laptop.resale_price),
    original_price: text(laptop.original_price),
    conditionType: laptop.conditionType,
    sellerMobileNumber: laptop.sellerMobileNumber ?? '',
    location: laptop.location,
    area: text(laptop.area),
    negotiable: laptop.negotiable,
    usage_months: text(laptop.usage_months),
    laptopDesc: laptop.laptopDesc,
    brand: text(laptop.brand),
    processor: text(laptop.processor),
    ram_gb: text(laptop.ram_gb),
    storage_gb: text(laptop.storage_gb),
    storage_type: text(laptop.storage_type),
    screen_inches: text(laptop.screen_inches),
    gpu: text(laptop.gpu),
    battery_health: text(laptop.battery_health),
    photos: laptop.photos.map((p) => p.id),
  };
}

/** Digits of an example in the page's language ('15.6', or '১৫.৬' on a Bangla page), ungrouped as typed. */
const localDigits = (text: string) => text.replace(/\d/g, (digit) => formatCount(Number(digit)));

/** 'e.g. 512': an example of what to type, model names as they are written. */
const example = (text: string) => t`e.g. ${text}`;

// The optional specs (docs/product.md#specs), each with a line on where a seller finds it. The menus
// named are those of the seller's computer (Windows, macOS), as it shows them.
const HINTS: Partial<Record<TextField, string>> = {
  get laptop_img() {
    return t`Or the address of a photo already online, if you add none above.`;
  },
  get area() {
    return t`The neighbourhood or town, so buyers nearby find it.`;
  },
  get brand() {
    return t`The maker, printed on the lid or under the laptop.`;
  },
  get processor() {
    return t`Settings → System → About on Windows shows the processor (Apple menu → About This Mac on a Mac).`;
  },
  get ram_gb() {
    return t`The same About page shows the installed RAM.`;
  },
  get storage_gb() {
    return t`This PC (or Finder → About This Mac → Storage) shows the drive’s size.`;
  },
  get storage_type() {
    return t`Most laptops from the last five years have an SSD; an older or cheaper one may have an HDD or eMMC.`;
  },
  get screen_inches() {
    const small = localDigits('14');
    const large = localDigits('15.6');
    return t`Measured corner to corner, e.g. ${small} or ${large}; often printed on the box.`;
  },
  get gpu() {
    const card = 'NVIDIA GeForce GTX 1650';
    return t`Device Manager → Display adapters lists the graphics, e.g. ${card}.`;
  },
  get battery_health() {
    return batteryHealthHowTo();
  },
};

const STORAGE_TYPE_NAMES: Record<(typeof STORAGE_TYPES)[number], string> = { ssd: 'SSD', hdd: 'HDD', emmc: 'eMMC' };

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: ReactNode;
}

// A visible label that names the control and the error in red right under it (docs/product.md#validation-messages).
function Field({ id, label, error, hint, className = '', children }: FieldProps) {
  return (
    <div className={`fieldset ${className}`}>
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Shows the image the seller pointed at; vanishes if it does not load, the URL check speaks then. */
function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isWebUrl(url) || failed === url) return null;
  return (
    <img
      src={url.trim()}
      alt={t`Preview of your laptop`}
      onError={() => setFailed(url)}
      className="mt-2 aspect-[8/5] w-full max-w-xs rounded-box border border-base-300 bg-base-200 object-cover"
    />
  );
}

interface AddLaptopFormProps {
  sellerEmail: string;
  /** The listing to edit (docs/product.md#edit-a-listing): the form starts filled in and saves it. */
  editing?: LaptopDetail;
  /** The listing as the server now has it, after it was added or saved. */
  onSaved: (laptop: Laptop) => void;
  /** Shown under the specs as the seller fills them: the price guide (composed by the page). */
  specsAside?: (specs: { brand: string; processor: string; ramGb: string }) => ReactNode;
}

export function AddLaptopForm({ sellerEmail, editing, onSaved, specsAside }: AddLaptopFormProps) {
  const addLaptop = useAddLaptop(sellerEmail);
  const editLaptop = useEditLaptop(sellerEmail, editing?._id ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [photosBusy, setPhotosBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, AddLaptop>({
    // The schema's input side is `unknown` per field (it preprocesses); ours is the inputs' text.
    resolver: zodResolver(addLaptopSchema) as unknown as Resolver<FormValues, unknown, AddLaptop>,
    defaultValues: editing ? valuesOf(editing) : EMPTY,
  });

  // A new listing starts with the number the seller gave before (docs/product.md#phone-numbers).
  // The verified number first (docs/product.md#phone-verification), else the one given last time.
  const me = useMe(!editing).data;
  const phone = me?.verified_phone ?? me?.phone;
  useEffect(() => {
    if (phone && !getValues('sellerMobileNumber')) setValue('sellerMobileNumber', phone);
  }, [phone, getValues, setValue]);

  const submitLaptop = handleSubmit(async (laptop) => {
    setServerError(null);
    try {
      onSaved(await (editing ? editLaptop : addLaptop).mutateAsync(laptop));
    } catch (error) {
      // The server checks with the same schema; its per-field answers belong under the fields.
      const fieldErrors = isApiError(error, 400) ? Object.entries(error.fields ?? {}) : [];
      const unplaced = fieldErrors.filter(([key]) => !isFieldName(key));
      for (const [key, field] of fieldErrors) {
        if (isFieldName(key))
          setError(key, { type: 'server', message: apiFieldText(key, field) }, { shouldFocus: true });
      }
      if (fieldErrors.length === 0 || unplaced.length > 0) {
        const [unplacedName, unplacedField] = unplaced[0] ?? [];
        setServerError(
          (unplacedName && unplacedField ? apiFieldText(unplacedName, unplacedField) : undefined) ??
            (isApiError(error)
              ? apiErrorText(error)
              : editing
                ? t`Could not save the changes. Please try again.`
                : t`Could not add the laptop. Please try again.`),
        );
      }
    }
  });

  // Asked before the fields are checked: until its upload ends a photo is not in `photos`, and
  // the check would say that the laptop has no picture.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!photosBusy) return submitLaptop(event);
    event.preventDefault();
    setError('photos', { type: 'busy', message: t`Wait until your photos have finished uploading` });
  };

  const control = (name: TextField) => ({
    id: `laptop-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [errors[name] ? `laptop-${name}-error` : null, HINTS[name] ? `laptop-${name}-hint` : null]
        .filter(Boolean)
        .join(' ') || undefined,
    ...register(name),
  });
  // The messages are the shared schema's and the server's, in English: shown in the page's language.
  const errorOf = (name: TextField) => {
    const message = errors[name]?.message;
    return message ? translateMessage(message) : undefined;
  };
  const inputClass = (name: TextField, base: string) => `${base} w-full ${errors[name] ? `${base}-error` : ''}`;

  // The fixed vocabularies (docs/product.md#vocabularies) travel in lower case and show in the page's language.
  const selectField = <Value extends string>(
    name: TextField,
    label: string,
    values: readonly Value[],
    placeholder: string,
    nameOf: (value: Value) => string,
  ) => (
    <Field id={`laptop-${name}`} label={label} error={errorOf(name)}>
      <select className={inputClass(name, 'select')} {...control(name)}>
        <option value="" disabled>
          {placeholder}
        </option>
        {values.map((value) => (
          <option key={value} value={value}>
            {nameOf(value)}
          </option>
        ))}
      </select>
    </Field>
  );

  // Whole Tk and whole years, typed in Latin or Bangla digits (the shared schema reads both).
  const wholeNumberField = (name: TextField, label: string, placeholder: string) => (
    <Field id={`laptop-${name}`} label={label} error={errorOf(name)}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        className={inputClass(name, 'input')}
        {...control(name)}
      />
    </Field>
  );

  const priceExample = (amount: string) => {
    const digits = localDigits(amount);
    return t`Tk, e.g. ${digits}`;
  };
  const months = localDigits('7');
  const yearAndHalf = localDigits('18');
  const monthsExample = t`Months used, e.g. ${months}, or ${yearAndHalf} for a year and a half`;
  const ramSize = (gb: number) => {
    const size = formatCount(gb);
    return t`${size} GB`;
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-x-6 gap-y-1 sm:grid-cols-2"
      aria-label={editing ? t`Edit the listing` : t`Add a laptop`}
    >
      <Field id="laptop-laptop_name" label={t`Laptop name`} error={errorOf('laptop_name')} className="sm:col-span-2">
        <input
          type="text"
          autoComplete="off"
          placeholder={example('Lenovo IdeaPad 3 (Ryzen 5, 8 GB)')}
          className={inputClass('laptop_name', 'input')}
          {...control('laptop_name')}
        />
      </Field>

      <div className="fieldset sm:col-span-2">
        <label htmlFor="laptop-photos" className="fieldset-legend">
          {t`Photos`}
        </label>
        <PhotoPicker
          id="laptop-photos"
          initial={editing?.photos}
          error={errors.photos?.message}
          onBusyChange={setPhotosBusy}
          onChange={(ids) => {
            setValue('photos', ids);
            // A photo stands for the image URL: once either was found wanting, check both again.
            if (errors.photos || errors.laptop_img) void trigger(['photos', 'laptop_img']);
          }}
        />
      </div>

      <Field
        id="laptop-laptop_img"
        label={t`Laptop image`}
        error={errorOf('laptop_img')}
        hint={HINTS.laptop_img}
        className="sm:col-span-2"
      >
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/my-laptop.jpg"
          className={inputClass('laptop_img', 'input')}
          {...control('laptop_img')}
        />
        <ImagePreview url={watch('laptop_img')} />
      </Field>

      {selectField('category', t`Laptop category`, CATEGORIES, t`Choose a category`, categoryName)}
      {selectField('conditionType', t`Condition type`, CONDITIONS, t`Choose a condition`, conditionName)}
      <ConditionChoiceHelp id="laptop-conditionType-meaning" condition={watch('conditionType')} />
      {wholeNumberField('resale_price', t`Resale price`, priceExample('45000'))}
      {wholeNumberField('original_price', t`Original price`, priceExample('70000'))}

      <Field id="laptop-sellerMobileNumber" label={t`Mobile number`} error={errorOf('sellerMobileNumber')}>
        <input
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="01712345678"
          className={inputClass('sellerMobileNumber', 'input')}
          {...control('sellerMobileNumber')}
        />
      </Field>

      {selectField('location', t`Location`, LOCATIONS, t`Choose a location`, locationName)}
      <Field id="laptop-area" label={t`Area (optional)`} error={errorOf('area')} hint={HINTS.area}>
        <input
          type="text"
          autoComplete="address-level3"
          maxLength={AREA_MAX}
          placeholder={example(t({ message: 'Mirpur 10', context: 'an area of Dhaka, as an example' }))}
          className={inputClass('area', 'input')}
          {...control('area')}
        />
      </Field>
      {wholeNumberField('usage_months', t`Months of use`, monthsExample)}
      <div className="fieldset">
        <label className="label mt-2 cursor-pointer gap-3 whitespace-normal text-base-content">
          <input type="checkbox" className="checkbox checkbox-primary" {...register('negotiable')} />
          {t`The price is negotiable`}
        </label>
      </div>

      <Field
        id="laptop-laptopDesc"
        label={t`Laptop description`}
        error={errorOf('laptopDesc')}
        className="sm:col-span-2"
      >
        <textarea
          rows={5}
          placeholder={t`Processor, RAM, storage, battery health, what comes in the box…`}
          className={inputClass('laptopDesc', 'textarea')}
          {...control('laptopDesc')}
        />
      </Field>

      <fieldset className="mt-6 grid gap-x-6 gap-y-1 rounded-box border border-base-300 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-2 text-base font-semibold">{t`Specs (optional)`}</legend>
        <p className="text-sm text-base-content/70 sm:col-span-2">
          {t`Buyers search by these. Leave out anything you are not sure of.`}
        </p>
        <Field id="laptop-brand" label={t`Brand`} error={errorOf('brand')} hint={HINTS.brand}>
          <select className={inputClass('brand', 'select')} {...control('brand')}>
            <option value="">{t`Not given`}</option>
            {/* The makers' names as they write them; 'Other' is a word, in the page's language. */}
            {BRANDS.map((brand) =>
              brand === 'Other' ? (
                <option key={brand} value={brand}>
                  {t({ message: 'Other', context: 'laptop brand' })}
                </option>
              ) : (
                <option key={brand} value={brand} translate="no">
                  {brand}
                </option>
              ),
            )}
          </select>
        </Field>
        <Field id="laptop-processor" label={t`Processor`} error={errorOf('processor')} hint={HINTS.processor}>
          <input
            type="text"
            autoComplete="off"
            maxLength={SPEC_LIMITS.textMax}
            placeholder={example('Intel Core i5-1135G7')}
            className={inputClass('processor', 'input')}
            {...control('processor')}
          />
        </Field>
        <Field id="laptop-ram_gb" label={t`RAM`} error={errorOf('ram_gb')} hint={HINTS.ram_gb}>
          <select className={inputClass('ram_gb', 'select')} {...control('ram_gb')}>
            <option value="">{t`Not given`}</option>
            {RAM_SIZES_GB.map((gb) => (
              <option key={gb} value={String(gb)}>
                {ramSize(gb)}
              </option>
            ))}
          </select>
        </Field>
        {specsAside?.({ brand: watch('brand'), processor: watch('processor'), ramGb: watch('ram_gb') })}
        <Field id="laptop-storage_gb" label={t`Storage (GB)`} error={errorOf('storage_gb')} hint={HINTS.storage_gb}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={example(localDigits('512'))}
            className={inputClass('storage_gb', 'input')}
            {...control('storage_gb')}
          />
        </Field>
        <Field
          id="laptop-storage_type"
          label={t`Storage type`}
          error={errorOf('storage_type')}
          hint={HINTS.storage_type}
        >
          <select className={inputClass('storage_type', 'select')} {...control('storage_type')}>
            <option value="">{t`Not given`}</option>
            {STORAGE_TYPES.map((type) => (
              <option key={type} value={type} translate="no">
                {STORAGE_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="laptop-screen_inches"
          label={t`Screen size (inches)`}
          error={errorOf('screen_inches')}
          hint={HINTS.screen_inches}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={example(localDigits('15.6'))}
            className={inputClass('screen_inches', 'input')}
            {...control('screen_inches')}
          />
        </Field>
        <Field id="laptop-gpu" label={t`Graphics`} error={errorOf('gpu')} hint={HINTS.gpu}>
          <input
            type="text"
            autoComplete="off"
            maxLength={SPEC_LIMITS.textMax}
            placeholder={example('Intel Iris Xe')}
            className={inputClass('gpu', 'input')}
            {...control('gpu')}
          />
        </Field>
        <Field
          id="laptop-battery_health"
          label={t`Battery health (%)`}
          error={errorOf('battery_health')}
          hint={HINTS.battery_health}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={example(localDigits('85'))}
            className={inputClass('battery_health', 'input')}
            {...control('battery_health')}
          />
          <BatteryConditionHint condition={watch('conditionType')} batteryHealth={watch('battery_health')} />
        </Field>
      </fieldset>

      {serverError ? (
        <div role="alert" className="alert alert-error alert-soft mt-4 sm:col-span-2">
          <span>{translateMessage(serverError)}</span>
          <VerifyPhoneLink error={addLaptop.error} />
        </div>
      ) : null}

      <div className="mt-4 sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {editing ? t`Save changes` : t`Add laptop`}
        </button>
      </div>
    </form>
  );
}
