'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { PhotoUpload } from '@/components/forms/photo-upload';
import { PriceBreakFields } from '@/components/products/price-break-fields';
import { ToolImage } from '@/components/ui/tool-image';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { TaxRateClass } from '@/lib/tax/rules';
import type { ToolDto } from '@/lib/types';
import {
  PRODUCT_FIELDS,
  productSchema,
  type ProductFormValues,
  type ProductInput,
} from '@/lib/validation/tools';
import { DEFAULT_UNIT, UNITS_OF_MEASURE, type UnitOfMeasure } from '@/lib/validation/units';

/** A field the API may name in a 400 or 409: one of the form's, or a price break's (`priceBreaks.2.price`). */
const isField = (key: string): key is Path<ProductFormValues> =>
  (PRODUCT_FIELDS as readonly string[]).includes(key) ||
  /^priceBreaks(\.\d\.(minQuantity|price))?$/.test(key);

/** The form's starting values: the product's own, or empty text fields (numbers start empty, not at 0). */
function formValues(
  tool: ToolDto | undefined,
  taxRate: TaxRateClass,
): DefaultValues<ProductFormValues> {
  if (!tool)
    return {
      name: '',
      about: '',
      image: '',
      photo: '',
      priceBreaks: [],
      taxRate,
      unitOfMeasure: DEFAULT_UNIT,
      unspsc: '',
    };
  const { name, about, sku, price, quantity, min_quantity, image, priceBreaks } = tool;
  const unitOfMeasure = tool.unitOfMeasure as UnitOfMeasure;
  const unspsc = tool.unspsc ?? '';
  return {
    ...{ name, about, sku, price, quantity, min_quantity, image, priceBreaks, taxRate },
    ...{ unitOfMeasure, unspsc },
  };
}

interface ProductFormProps {
  /** The product to edit; without it the form adds a new one. */
  tool?: ToolDto;
  /** the product's VAT rate class (not part of the tool's REST answer) */
  taxRate?: TaxRateClass;
}

/** Add New Product and Edit Product: one form, the same rules (productSchema) as POST and PUT /api/tools. */
export function ProductForm({ tool, taxRate = 'standard' }: ProductFormProps) {
  const router = useRouter();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productSchema),
    mode: 'onChange',
    defaultValues: formValues(tool, taxRate),
  });

  // The photo as the catalogue will show it: the uploaded one, else the address once it is valid (the drawn
  // placeholder for a dead address).
  const [image, photo] = useWatch({ control, name: ['image', 'photo'] });
  const preview = photo || (image && !errors.image ? image.trim() : null);

  const onSubmit = handleSubmit(async (product) => {
    try {
      if (tool) {
        await apiRequest('PUT', `/api/tools/${tool._id}`, product);
        toast.success(`${product.name} is saved`);
      } else {
        await apiRequest<{ insertedId: string }>('POST', '/api/tools', product);
        toast.success('Product added');
      }
      router.push('/dashboard/manageproduct');
    } catch (cause) {
      const fieldErrors =
        cause instanceof ApiError
          ? Object.entries(cause.fields).filter(([key]) => isField(key))
          : [];
      if (fieldErrors.length === 0) {
        toast.error(errorMessage(cause));
        return;
      }
      for (const [key, message] of fieldErrors)
        if (isField(key)) setError(key, { message }, { shouldFocus: true });
    }
  });

  const aria = (field: Exclude<keyof ProductFormValues, 'priceBreaks'>) =>
    fieldAria(`product-${field}`, errors[field]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="card w-full max-w-xl bg-base-100 shadow-md">
      <div className="card-body gap-3">
        <FormField id="product-name" label="Name" error={errors.name?.message}>
          <input type="text" className="input w-full" {...aria('name')} {...register('name')} />
        </FormField>
        <FormField id="product-about" label="About" error={errors.about?.message}>
          <textarea
            rows={4}
            className="textarea w-full"
            {...aria('about')}
            {...register('about')}
          />
        </FormField>
        <FormField id="product-sku" label="SKU" error={errors.sku?.message}>
          <input
            type="text"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={tool ? undefined : 'e.g. WR-1012; left empty, the shop assigns one'}
            className="input w-full font-mono uppercase"
            {...aria('sku')}
            // An empty field sends no SKU: a new product gets one assigned, an edit keeps its own.
            {...register('sku', {
              setValueAs: (value: string | undefined) => value?.trim() || undefined,
            })}
          />
        </FormField>
        <FormField id="product-price" label="Price" error={errors.price?.message}>
          <input
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="Dollars per unit, e.g. 12.50"
            className="input w-full"
            {...aria('price')}
            {...register('price', { valueAsNumber: true, deps: ['priceBreaks'] })}
          />
        </FormField>
        <FormField id="product-quantity" label="Quantity" error={errors.quantity?.message}>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="Pieces in stock"
            className="input w-full"
            {...aria('quantity')}
            {...register('quantity', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id="product-min_quantity"
          label="Minimum order quantity"
          error={errors.min_quantity?.message}
        >
          <input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="Pieces"
            className="input w-full"
            {...aria('min_quantity')}
            {...register('min_quantity', { valueAsNumber: true, deps: ['priceBreaks'] })}
          />
        </FormField>
        <FormField id="product-taxRate" label="VAT rate" error={errors.taxRate?.message}>
          <select className="select w-full" {...aria('taxRate')} {...register('taxRate')}>
            <option value="standard">Standard rate</option>
            <option value="reduced">Reduced rate</option>
          </select>
        </FormField>
        <FormField
          id="product-unitOfMeasure"
          label="Unit of measure"
          error={errors.unitOfMeasure?.message}
        >
          <select
            className="select w-full"
            {...aria('unitOfMeasure')}
            {...register('unitOfMeasure')}
          >
            {Object.entries(UNITS_OF_MEASURE).map(([code, name]) => (
              <option key={code} value={code}>
                {name} ({code})
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="product-unspsc" label="UNSPSC code" error={errors.unspsc?.message}>
          <input
            type="text"
            inputMode="numeric"
            spellCheck={false}
            placeholder="8 digits, e.g. 27111602 (optional)"
            className="input w-full font-mono"
            {...aria('unspsc')}
            {...register('unspsc')}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
          <legend className="px-1 text-sm font-medium">Image</legend>
          <p id="product-image-hint" className="text-sm text-base-content/75">
            An image address or an uploaded photo: either one will do.
          </p>
          <FormField id="product-image" label="Image address" error={errors.image?.message}>
            <input
              type="text"
              inputMode="url"
              placeholder="https://… or /images/tools/claw-hammer.svg"
              className="input w-full"
              {...aria('image')}
              {...register('image', { deps: ['photo'] })}
            />
          </FormField>
          <input type="hidden" {...register('photo')} />
          <PhotoUpload
            label="Or upload a photo"
            uploadedNote="Uploaded: the product shows this photo."
            onUploaded={(url) => {
              setValue('photo', url, { shouldDirty: true });
              // The address is no longer needed: its "Image is Required" goes with the upload.
              void trigger(['photo', 'image']);
            }}
          />
          {errors.photo?.message && (
            <p role="alert" className="text-sm text-error">
              {errors.photo.message}
            </p>
          )}
        </fieldset>
        <figure className="flex items-center gap-3 text-sm text-base-content/70">
          <ToolImage
            src={preview}
            alt={preview ? 'Preview of the product image' : 'No image yet'}
            width={160}
            height={120}
            className="aspect-4/3 w-40 rounded-box border border-base-300 bg-base-200 object-contain"
          />
          <figcaption>
            {preview ? 'Preview' : 'The preview shows here once the address is valid.'}
          </figcaption>
        </figure>
        <PriceBreakFields control={control} register={register} errors={errors} />
        <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {tool ? 'Save Changes' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
