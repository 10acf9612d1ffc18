import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RETURN_CONDITIONS, returnLoanRequestSchema, type Loan, type ReturnCondition } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { notify } from '@/lib/toast.ts';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { returnLoan } from './resources-api.ts';
import { schemaErrors } from './resource-rules.ts';
import { useResourceSubmit } from './use-resource-submit.ts';
import { fullName } from '@/lib/full-name.ts';

const FIELDS = ['condition', 'notes'] as const;

const CONDITION_TEXT: Record<ReturnCondition, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  good: { label: msg`Good`, hint: msg`Works and is complete` },
  damaged: { label: msg`Damaged`, hint: msg`Came back broken or incomplete` },
  lost: { label: msg`Lost`, hint: msg`Did not come back` },
};

interface ReturnLoanDialogProps {
  loan: Loan;
  /** An admin receives it on the borrower's behalf; a tanod returns their own. */
  onBehalf: boolean;
  onClose(): void;
}

/** Return (or receive back) a loan with its condition; damaged and lost ask for a note. */
export function ReturnLoanDialog({ loan, onBehalf, onClose }: ReturnLoanDialogProps) {
  const { t } = useLingui();
  const [condition, setCondition] = useState<ReturnCondition | null>(null);
  const [notes, setNotes] = useState('');
  const { formError, fieldErrors: errors, busy, showErrors, save } = useResourceSubmit({
    fields: FIELDS,
    failure: t`Error recording the return. Please try again.`,
  });
  const what = `${loan.quantity > 1 ? `${loan.quantity} × ` : ''}${loan.item.name}`;
  const borrower = fullName(loan.borrower);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = returnLoanRequestSchema.safeParse({ condition: condition ?? undefined, notes });
    if (!parsed.success) {
      showErrors(schemaErrors(parsed.error));
      return;
    }
    await save(async () => {
      await returnLoan(loan._id, { condition: parsed.data.condition, notes: parsed.data.notes });
      notify.success(onBehalf ? t`Received ${what} from ${borrower}` : t`Returned ${what}`);
      onClose();
    });
  }

  return (
    <Modal title={onBehalf ? t`Receive ${what} from ${borrower}` : t`Return ${what}`} onClose={onClose}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Return`}
      >
        <FormAlert message={formError} />
        <fieldset aria-describedby={errors.condition ? 'return-condition-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">
            <Trans>Condition</Trans>
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {RETURN_CONDITIONS.map((value) => (
              <label
                key={value}
                className={`focus-ring-within flex cursor-pointer flex-col rounded-lg border px-3 py-2 ${
                  condition === value ? 'border-brand-600 bg-brand-600/10' : 'border-line'
                }`}
              >
                <span className="flex items-center gap-2 text-sm font-semibold">
                  <input
                    type="radio"
                    name="condition"
                    value={value}
                    checked={condition === value}
                    onChange={() => setCondition(value)}
                    className="h-4 w-4"
                  />
                  {t(CONDITION_TEXT[value].label)}
                </span>
                <span className="text-xs text-muted">{t(CONDITION_TEXT[value].hint)}</span>
              </label>
            ))}
          </div>
          {errors.condition && (
            <p id="return-condition-error" className="mt-1 text-sm text-danger">
              {errors.condition}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={t`Notes`}
          hint={condition && condition !== 'good' ? t`What happened, so the barangay can follow up` : t`Optional`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          error={errors.notes}
        />
        <DialogActions
          busy={busy}
          submitLabel={onBehalf ? t`Receive` : t`Return`}
          busyLabel={t`Saving…`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
