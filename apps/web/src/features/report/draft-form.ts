import { useMemo, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { DraftField, ReportDraft } from './draft.ts';

/**
 * The report wizard's form state: the small part of react-hook-form the wizard used, written out
 * so the report page does not load that library (about 15 KB gzip). Same behaviour:
 * uncontrolled inputs; a field is first checked when it loses focus, then on every change once it
 * has been touched or a submit was tried ("onTouched"); a failed submit focuses the first field
 * in error, in the order the fields were registered.
 */
type Validate = (value: string, values: ReportDraft) => true | string;
interface FieldRules {
  validate?: Validate;
  maxLength?: { value: number; message: string };
  onChange?(event: { target: { value: string } }): void;
}
type DraftErrors = Partial<Record<DraftField, { message: string }>>;
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface DraftForm {
  register(
    name: DraftField,
    rules?: FieldRules,
  ): {
    name: DraftField;
    ref(element: FieldElement | null): void;
    onChange(event: ChangeEvent<FieldElement>): void;
    onBlur(event: FocusEvent<FieldElement>): void;
  };
  watch<K extends DraftField>(name: K): ReportDraft[K];
  getValues(): ReportDraft;
  getValues<K extends DraftField>(name: K): ReportDraft[K];
  setValue<K extends DraftField>(name: K, value: ReportDraft[K]): void;
  setError(name: DraftField, error: { message: string }): void;
  trigger(names: DraftField[]): Promise<boolean>;
  handleSubmit(onValid: () => unknown): (event?: FormEvent) => Promise<void>;
  reset(values: ReportDraft): void;
  formState: { errors: DraftErrors };
}

function check(value: string, values: ReportDraft, rules: FieldRules | undefined): string | undefined {
  if (!rules) return undefined;
  if (rules.maxLength && value.length > rules.maxLength.value) return rules.maxLength.message;
  const verdict = rules.validate?.(value, values);
  return typeof verdict === 'string' ? verdict : undefined;
}

type Methods = Omit<DraftForm, 'formState'>;

function createDraftForm(
  defaultValues: ReportDraft,
  setErrors: (errors: DraftErrors) => void,
  render: () => void,
): Methods {
  const s = {
    values: { ...defaultValues },
    rules: new Map<DraftField, FieldRules>(),
    elements: new Map<DraftField, Set<FieldElement>>(),
    touched: new Set<DraftField>(),
    submitted: false,
    errors: {} as DraftErrors,
  };
  const writeErrors = (next: DraftErrors) => {
    s.errors = next;
    setErrors(next);
  };
  const validate = (names: DraftField[]) => {
    const next = { ...s.errors };
    let ok = true;
    for (const name of names) {
      const message = check(s.values[name], s.values, s.rules.get(name));
      if (message) {
        next[name] = { message };
        ok = false;
      } else delete next[name];
    }
    writeErrors(next);
    return ok;
  };
  const show = (name: DraftField, element: FieldElement) => {
    const value = s.values[name];
    if (element instanceof HTMLInputElement && element.type === 'radio') element.checked = element.value === value;
    else if (element.value !== value) element.value = value;
  };

  return {
    register(name, rules) {
      s.rules.set(name, rules ?? {});
      if (!s.elements.has(name)) s.elements.set(name, new Set());
      return {
        name,
        ref(element) {
          const set = s.elements.get(name)!;
          for (const known of set) if (!known.isConnected) set.delete(known);
          if (element) {
            set.add(element);
            show(name, element);
          }
        },
        onChange(event) {
          const target = event.target;
          if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked) return;
          s.values = { ...s.values, [name]: target.value };
          render();
          s.rules.get(name)?.onChange?.(event);
          if (s.submitted || s.touched.has(name)) validate([name]);
        },
        onBlur() {
          s.touched.add(name);
          if (!s.submitted) validate([name]);
        },
      };
    },
    watch: (name) => s.values[name],
    getValues: ((name?: DraftField) => (name ? s.values[name] : s.values)) as DraftForm['getValues'],
    setValue(name, value) {
      s.values = { ...s.values, [name]: value };
      for (const element of s.elements.get(name) ?? []) show(name, element);
      render();
    },
    setError(name, error) {
      writeErrors({ ...s.errors, [name]: error });
    },
    trigger: async (names) => validate(names),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      s.submitted = true;
      if (validate([...s.rules.keys()])) {
        await onValid();
        return;
      }
      for (const name of s.rules.keys()) {
        if (!s.errors[name]) continue;
        const element = [...(s.elements.get(name) ?? [])].find((known) => known.isConnected);
        if (element) {
          element.focus();
          break;
        }
      }
    },
    reset(values) {
      s.values = { ...values };
      s.touched.clear();
      s.submitted = false;
      for (const [name, set] of s.elements) for (const element of set) show(name, element);
      writeErrors({});
      render();
    },
  };
}

/** The methods keep their identity for the component's life (effects may depend on them). */
export function useDraftForm(defaultValues: ReportDraft): DraftForm {
  const [errors, setErrors] = useState<DraftErrors>({});
  const [version, setVersion] = useState(0);
  const [methods] = useState(() => createDraftForm(defaultValues, setErrors, () => setVersion((n) => n + 1)));
  // A new object on each change of the values or errors, so children that read them re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ({ ...methods, formState: { errors } }), [methods, errors, version]);
}
