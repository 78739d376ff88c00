import type { InputHTMLAttributes } from 'react';

type TextFieldProps = { id: string; label: string; wide?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input of the checkout forms; required fields carry the visual asterisk. */
export function TextField({ id, label, wide, required, ...input }: TextFieldProps) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      <input id={id} type="text" required={required} {...input} />
    </div>
  );
}
