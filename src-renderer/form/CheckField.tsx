import { type ReactNode } from 'react';

/**
 * A checkbox and its text in one label, so a click on the text toggles it; `onChange` gets the new state.
 * `className` is the label's ("check" by default, with a row's own class where it sits in a list).
 */
export function CheckField({
  checked,
  onChange,
  testId,
  disabled,
  title,
  className = 'check',
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  disabled?: boolean;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className} title={title}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      {children}
    </label>
  );
}
