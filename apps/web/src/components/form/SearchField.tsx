import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'className'> {
  /** The accessible name (the field shows only its placeholder and icon). */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Classes of the field's box in its row (width, flex). */
  className?: string;
  /** Extra classes of the input (a smaller one in a panel, for example). */
  inputClassName?: string;
}

/** A search box with its magnifier icon: the lists' search. */
export function SearchField({ label, value, onChange, className = '', inputClassName = '', ...input }: SearchFieldProps) {
  return (
    <label className={`relative ${className}`.trim()}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        {...input}
        type="search"
        className={`input pl-9 ${inputClassName}`.trim()}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
