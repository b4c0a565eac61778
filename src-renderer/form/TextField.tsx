import { type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/**
 * The form kit's commonest field: a labelled one-line text input whose value is a string, with the field's
 * and the input's test id the same (as the e2e specs find them). `className` is the input's ("input" by
 * default, "input mono" for URLs and ids), `fieldClassName` the field's own (a grid span); any other input
 * attribute (inputMode, placeholder, disabled, spellCheck …) passes through to the input.
 */
export function TextField({
  label,
  path,
  error,
  hint,
  testId,
  fieldClassName,
  value,
  onChange,
  className = 'input',
  ...input
}: {
  label: string;
  path?: string;
  error?: string;
  hint?: ReactNode;
  testId: string;
  fieldClassName?: string;
  value: string;
  onChange: (value: string) => void;
} & InputProps) {
  return (
    <Field label={label} path={path} error={error} hint={hint} testId={testId} className={fieldClassName}>
      <input
        className={className}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        {...input}
      />
    </Field>
  );
}
