import { type ReactNode, type Ref, useCallback, useMemo, useState } from 'react';
import { type FieldEntry, FormKitContext } from './form-kit';
import { type FormErrors } from './problems';

/**
 * A console form: sends nothing by itself (`noValidate`, the default submit prevented, `onSubmit` called
 * instead), and shares its errors with the Fields and the ErrorSummary inside it.
 */
export function Form({
  errors,
  onSubmit,
  className,
  testId,
  formRef,
  children,
}: {
  errors: FormErrors | null;
  onSubmit: () => void;
  className?: string;
  testId?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const [fields, setFields] = useState<readonly FieldEntry[]>([]);
  const register = useCallback((entry: FieldEntry) => {
    setFields((all) => [...all, entry]);
    return () => setFields((all) => all.filter((f) => f !== entry));
  }, []);
  const kit = useMemo(() => ({ errors, fields, register }), [errors, fields, register]);
  return (
    <FormKitContext.Provider value={kit}>
      <form
        ref={formRef}
        className={className}
        noValidate
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </FormKitContext.Provider>
  );
}
