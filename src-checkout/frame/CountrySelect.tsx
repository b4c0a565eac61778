/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { countryName } from './format';
import type { Checkout } from './use-checkout';
import { Alert } from './ui';

/** The countries the order may ship to; choosing another runs the country step (the address starts over). */
export function CountrySelect({ view, checkout }: { view: CustomerView; checkout: Checkout }) {
  const [error, setError] = useState<string | null>(null);
  if (view.countries.length <= 1) return null;
  const current = view.purchase_country.toUpperCase();
  const change = async (country: string) => {
    if (country === current) return;
    setError(null);
    const r = await checkout.runStep('country', { country });
    if (!r.ok) setError(r.error.problems[0]?.message ?? r.error.message);
  };
  return (
    <div class="country">
      <label for="kco-country">Country</label>
      <select
        id="kco-country"
        value={current}
        disabled={checkout.busy !== null}
        onChange={(e) => void change(e.currentTarget.value)}
        data-testid="kco-country"
      >
        {view.countries.map((c) => (
          <option key={c} value={c.toUpperCase()}>
            {countryName(c)}
          </option>
        ))}
      </select>
      {error && (
        <Alert tone="error" testId="kco-country-error">
          {error}
        </Alert>
      )}
    </div>
  );
}
