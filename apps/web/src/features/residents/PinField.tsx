import { forwardRef, type ComponentProps } from 'react';
import { TextField } from '@/components/form/TextField.tsx';
import { PIN_LENGTH } from './pin-rules.ts';

type PinFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'secretName' | 'inputMode' | 'pattern' | 'maxLength'>;

/** A 6-digit PIN box: hidden with a "Show PIN" toggle, the numeric keypad on phones, spaced digits. */
export const PinField = forwardRef<HTMLInputElement, PinFieldProps>(function PinField(
  { autoComplete = 'new-password', className, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="password"
      secretName="PIN"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete={autoComplete}
      maxLength={PIN_LENGTH}
      className={['[&_input]:tracking-[0.3em]', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
});
