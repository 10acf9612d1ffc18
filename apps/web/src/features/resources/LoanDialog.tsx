import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { createLoanRequestSchema, RESOURCE_LIMITS } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { fromZonedInput, toZonedInput } from '@/lib/zoned-time.ts';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import {
  borrowItem,
  fetchDefaultDue,
  RESOURCES_KEY,
  useInventory,
  useTanods,
} from './resources-api.ts';
import { schemaErrors } from './resource-rules.ts';
import { useResourceSubmit } from './use-resource-submit.ts';
import { fullName } from '@/lib/full-name.ts';

const FIELDS = ['borrowerId', 'itemId', 'quantity', 'dueAt', 'notes'] as const;

interface LoanFormProps {
  /** Admin: choose the tanod; tanod: borrows for themself and this is omitted. */
  issuing: boolean;
  /** The item, when it was picked from a list first. */
  itemId?: string;
  onClose(): void;
}

/**
 * Borrow (tanod) or issue on a tanod's behalf (admin): item, quantity, due time. The due time is
 * prefilled with the server's default for the borrower (end of their shift, else 24 hours) and
 * can be changed.
 */
export function LoanDialog({ issuing, itemId: initialItemId, onClose }: LoanFormProps) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const tanods = useTanods(issuing);
  const items = useInventory();
  const [borrowerId, setBorrowerId] = useState('');
  const [itemId, setItemId] = useState(initialItemId ?? '');
  const [quantity, setQuantity] = useState('1');
  // The default follows the borrower's shift until the user types a time themselves.
  const [typedDue, setTypedDue] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const { formError, fieldErrors: errors, busy, showErrors, save } = useResourceSubmit({
    fields: FIELDS,
    failure: t`Error saving the loan. Please try again.`,
  });

  const needsBorrower = issuing && !borrowerId;
  const defaultDue = useQuery({
    queryKey: [...RESOURCES_KEY, 'default-due', borrowerId],
    queryFn: () => fetchDefaultDue(borrowerId || undefined),
    enabled: !needsBorrower,
    staleTime: 0,
  });
  const dueTouched = typedDue !== null;
  const due = typedDue ?? (defaultDue.data ? toZonedInput(defaultDue.data.dueAt, timeZone) : '');

  const lendable = (items.data ?? []).filter((item) => item.active && (item.available > 0 || item._id === itemId));
  const chosen = lendable.find((item) => item._id === itemId);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      itemId: itemId || undefined,
      quantity: quantity.trim() === '' ? undefined : Number(quantity),
      // Blank asks the server for its default; a value the helper cannot read is sent as typed,
      // so the schema names it.
      dueAt: due ? (fromZonedInput(due, timeZone) ?? due) : undefined,
      borrowerId: issuing ? borrowerId || undefined : undefined,
      notes,
    };
    const parsed = createLoanRequestSchema.safeParse(body);
    const found = parsed.success ? {} : schemaErrors(parsed.error);
    if (issuing && !borrowerId) found.borrowerId = t`Choose a tanod`;
    if (Object.keys(found).length > 0 || !parsed.success) {
      showErrors(found);
      return;
    }
    await save(async () => {
      const loan = await borrowItem(parsed.data);
      const itemName = loan.item.name;
      const borrower = fullName(loan.borrower);
      notify.success(issuing ? t`Issued ${itemName} to ${borrower}` : t`You borrowed ${itemName}`);
      onClose();
    });
  }

  const name = chosen?.name ?? '';
  const defaultHours = RESOURCE_LIMITS.defaultLoanHours;
  return (
    <Modal
      title={issuing ? t`Issue equipment` : chosen ? t`Borrow ${name}` : t`Borrow equipment`}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={issuing ? t`Issue equipment` : t`Borrow`}
      >
        <FormAlert message={formError} />
        {issuing && (
          <SelectField
            label={t`Tanod`}
            value={borrowerId}
            onChange={(event) => setBorrowerId(event.target.value)}
            error={errors.borrowerId}
            data-autofocus
          >
            <option value="">{tanods.isPending ? t`Loading tanods…` : t`Choose a tanod`}</option>
            {(tanods.data ?? []).map((tanod) => (
              <option key={tanod._id} value={tanod._id}>
                {fullName(tanod)}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label={t`Item`}
          value={itemId}
          onChange={(event) => setItemId(event.target.value)}
          error={errors.itemId}
        >
          <option value="">{items.isPending ? t`Loading items…` : t`Choose an item`}</option>
          {lendable.map(({ _id, name, available }) => (
            <option key={_id} value={_id}>
              {t`${name} (${available} available)`}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <TextField
            label={t`Quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={chosen?.available ?? RESOURCE_LIMITS.loanQuantityMax}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={errors.quantity}
          />
          <TextField
            label={t`Due`}
            type="datetime-local"
            value={due}
            onChange={(event) => setTypedDue(event.target.value)}
            hint={
              needsBorrower
                ? t`Filled in once a tanod is chosen`
                : defaultDue.data && !dueTouched
                  ? defaultDue.data.basis === 'shift'
                    ? t`End of the shift`
                    : t`${defaultHours} hours from now`
                  : undefined
            }
            error={errors.dueAt}
          />
        </div>
        <TextAreaField
          label={t`Notes`}
          hint={t`Optional`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          error={errors.notes}
          rows={2}
        />
        <DialogActions
          busy={busy}
          submitLabel={issuing ? t`Issue` : t`Borrow`}
          busyLabel={t`Saving…`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
