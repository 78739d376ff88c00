import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

interface FieldFrame {
  id: string;
  label: string;
  wide?: boolean;
  required?: boolean;
  /** Shown under the input, which is then marked invalid and described by it. */
  error?: string;
}

type TextFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;
type SelectFieldProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { children: ReactNode };

/** A labelled input of the checkout forms; required fields carry the visual asterisk. */
export function TextField({ id, label, wide, required, error, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} wide={wide} required={required} error={error}>
      <input id={id} type="text" required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
    </Field>
  );
}

/** The same for a choice from a list (the state). */
export function SelectField({ id, label, wide, required, error, children, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} wide={wide} required={required} error={error}>
      <select id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
    </Field>
  );
}

function Field({ id, label, wide, required, error, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
