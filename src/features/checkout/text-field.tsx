import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  /** The message under the field, or null. */
  error: string | null;
  hint?: string;
  optional?: string;
  children: ReactNode;
}

/** A label, the control and its message (the control is described by the message: aria-describedby). */
export function FieldShell({ id, label, error, hint, optional, children }: FieldShellProps) {
  return (
    <div className={`checkout-field${error ? ' checkout-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="checkout-field__optional"> ({optional})</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control with this id and message. */
export function describedBy(id: string, error: string | null, hint?: string) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': described } as const;
}

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  id: string;
  label: string;
  value: string;
  error: string | null;
  optional?: string;
  onValue: (value: string) => void;
}

export function TextField({
  id,
  label,
  value,
  error,
  optional,
  onValue,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error)}
        {...input}
      />
    </FieldShell>
  );
}
