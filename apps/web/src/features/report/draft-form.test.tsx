import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import type { ReportDraft } from './draft.ts';
import { useDraftForm, type DraftForm } from './draft-form.ts';

const empty: ReportDraft = {
  type: '',
  classification: 'normal',
  description: '',
  occurredAt: '2026-11-26T10:00',
  landmark: '',
  address: '',
  reporterName: '',
  reporterPhone: '',
};

let exposed: DraftForm | null = null;
let submits = 0;

/** A two-field form like a wizard step: the type is required, the landmark at most 5 characters. */
function Harness() {
  const form = useDraftForm(empty);
  const [shown, setShown] = useState(true);
  useEffect(() => {
    exposed = form;
  });
  const { errors } = form.formState;
  const type = form.register('type', { validate: (value) => (value.trim() ? true : 'Choose the type') });
  const landmark = form.register('landmark', { maxLength: { value: 5, message: 'At most 5 characters' } });
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(() => {
          submits += 1;
        })(event)
      }
    >
      {shown && (
        <>
          <label>
            Type <input {...type} />
          </label>
          {errors.type && <p>{errors.type.message}</p>}
        </>
      )}
      <label>
        Landmark <input {...landmark} />
      </label>
      {errors.landmark && <p>{errors.landmark.message}</p>}
      <label>
        Normal <input type="radio" value="normal" {...form.register('classification')} />
      </label>
      <label>
        Emergency <input type="radio" value="emergency" {...form.register('classification')} />
      </label>
      <p>Typed: {form.watch('landmark')}</p>
      <button type="button" onClick={() => setShown((value) => !value)}>
        Toggle
      </button>
      <button type="submit">Next</button>
    </form>
  );
}

afterEach(() => {
  exposed = null;
  submits = 0;
});

describe('useDraftForm (the report wizard form state)', () => {
  it('checks a field when it first loses focus, then as it is typed in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Landmark'), 'abcdef');
    expect(screen.queryByText('At most 5 characters')).toBeNull();
    expect(screen.getByText('Typed: abcdef')).toBeTruthy();
    await user.tab();
    expect(screen.getByText('At most 5 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Landmark'), '{Backspace}');
    expect(screen.queryByText('At most 5 characters')).toBeNull();
  });

  it('refuses a submit, focuses the first field in error, and re-checks on change afterwards', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Landmark'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(submits).toBe(0);
    expect(screen.getByText('Choose the type')).toBeTruthy();
    expect(screen.getByText('At most 5 characters')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Type'));
    await user.type(screen.getByLabelText('Type'), 'F');
    expect(screen.queryByText('Choose the type')).toBeNull();
    await user.clear(screen.getByLabelText('Landmark'));
    expect(screen.queryByText('At most 5 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(submits).toBe(1);
  });

  it('keeps values of fields that leave the page, and still checks them on submit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Type'), 'Fire');
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryByLabelText('Type')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect((screen.getByLabelText('Type') as HTMLInputElement).value).toBe('Fire');
    await user.clear(screen.getByLabelText('Type'));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    let valid = true;
    await act(async () => {
      valid = await exposed!.trigger(['type']);
    });
    expect(valid).toBe(false);
  });

  it('shows values set from code and radios, sets server errors, and resets', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Emergency'));
    expect(exposed!.getValues('classification')).toBe('emergency');
    await user.click(screen.getByRole('button', { name: 'Toggle' })); // re-render with the type hidden
    act(() => exposed!.setValue('classification', 'normal'));
    expect((screen.getByLabelText('Normal') as HTMLInputElement).checked).toBe(true);
    act(() => exposed!.setValue('landmark', 'chapel'));
    expect((screen.getByLabelText('Landmark') as HTMLInputElement).value).toBe('chapel');
    expect(exposed!.getValues()).toMatchObject({ classification: 'normal', landmark: 'chapel' });
    act(() => exposed!.setError('landmark', { message: 'The server says no' }));
    expect(await screen.findByText('The server says no')).toBeTruthy();
    act(() => exposed!.reset({ ...empty, landmark: 'plaza' }));
    expect(await screen.findByText('Typed: plaza')).toBeTruthy();
    expect(screen.queryByText('The server says no')).toBeNull();
    expect((screen.getByLabelText('Landmark') as HTMLInputElement).value).toBe('plaza');
  });
});
