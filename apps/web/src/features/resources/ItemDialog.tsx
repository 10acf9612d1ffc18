import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import {
  createInventoryItemRequestSchema,
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  updateInventoryItemRequestSchema,
  type CreateInventoryItemRequest,
  type InventoryCategory,
  type InventoryItem,
} from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { notify } from '@/lib/toast.ts';
import { PhotoPicker, usePendingPhoto } from './PhotoPicker.tsx';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { createItem, updateItem, uploadItemPhoto } from './resources-api.ts';
import { schemaErrors } from './resource-rules.ts';
import { useResourceSubmit } from './use-resource-submit.ts';

interface ItemValues {
  name: string;
  category: InventoryCategory | '';
  total: string;
  lowStockThreshold: string;
  notes: string;
}

const FIELDS = ['name', 'category', 'total', 'lowStockThreshold', 'notes'] as const;

const valuesOf = (item: InventoryItem | null): ItemValues => ({
  name: item?.name ?? '',
  category: item?.category ?? '',
  total: item ? String(item.total) : '',
  lowStockThreshold: item ? String(item.lowStockThreshold) : '1',
  notes: item?.notes ?? '',
});

/** Blank number fields stay blank (the schema then names them), anything else is read as a number. */
const asNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Add an item, or edit one (only the changed fields are sent); the photo is uploaded after. */
export function ItemDialog({ item, onClose }: { item: InventoryItem | null; onClose(): void }) {
  const { t } = useLingui();
  const photo = usePendingPhoto();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ItemValues>({ defaultValues: valuesOf(item) });
  const { formError, showErrors, save, refresh } = useResourceSubmit({
    fields: FIELDS,
    failure: t`Error saving the item. Please try again.`,
    setFieldError: (field, message, focus) => setError(field, { message }, { shouldFocus: focus }),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      name: values.name,
      category: values.category || undefined,
      total: asNumber(values.total),
      lowStockThreshold: asNumber(values.lowStockThreshold),
      notes: values.notes,
    };
    const changed = item
      ? Object.fromEntries(Object.entries(body).filter(([key]) => dirtyFields[key as keyof ItemValues]))
      : body;
    const hasChanges = Object.keys(changed).length > 0;
    if (item && !hasChanges && !photo.file) {
      onClose();
      return;
    }
    if (hasChanges) {
      const parsed = item
        ? updateInventoryItemRequestSchema.safeParse(changed)
        : createInventoryItemRequestSchema.safeParse(body);
      if (!parsed.success) {
        showErrors(schemaErrors(parsed.error));
        return;
      }
    }
    let saved = item;
    const stored = await save(async () => {
      // The raw values go to the server, which parses them with the same schema.
      if (!item) saved = await createItem(body as CreateInventoryItemRequest);
      else if (hasChanges) saved = await updateItem(item._id, changed);
    });
    if (!stored) return;
    if (saved && !(await photo.uploadFor(saved, uploadItemPhoto, refresh))) return;
    notify.success(item ? t`Item updated` : t`Item added`);
    onClose();
  });

  const itemName = item?.name ?? '';
  const onLoan = item?.onLoan ?? 0;
  return (
    <Modal title={item ? t`Edit ${itemName}` : t`Add an item`} onClose={onClose} widthClass="max-w-lg">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={item ? t`Edit item` : t`Add item`}>
        <FormAlert message={formError} />
        <TextField label={t`Name`} autoComplete="off" data-autofocus error={errors.name?.message} {...register('name')} />
        <SelectField label={t`Category`} error={errors.category?.message} {...register('category')}>
          <option value="">{t`Choose a category`}</option>
          {INVENTORY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {INVENTORY_CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Total quantity`}
            type="number"
            inputMode="numeric"
            min={0}
            hint={item ? t`${onLoan} on loan now` : undefined}
            error={errors.total?.message}
            {...register('total')}
          />
          <TextField
            label={t`Low-stock level`}
            type="number"
            inputMode="numeric"
            min={0}
            hint={t`Marked low when this many or fewer are available`}
            error={errors.lowStockThreshold?.message}
            {...register('lowStockThreshold')}
          />
        </div>
        <TextAreaField label={t`Notes`} error={errors.notes?.message} {...register('notes')} />
        <PhotoPicker
          current={item?.image ?? null}
          {...photo.pickerProps}
        />
        <DialogActions
          busy={isSubmitting}
          submitLabel={item ? t`Save changes` : t`Add item`}
          busyLabel={t`Saving…`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
