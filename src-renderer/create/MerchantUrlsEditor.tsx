import { urlWarnings } from '@shared/rules/merchant-urls';
import { type MerchantUrls } from '@shared/schemas/checkout-order.schema';
import { Field } from '../form/Field';
import { problemAt, type FormErrors } from '../form/problems';
import { CALLBACK_URLS, REQUIRED_URLS, urlProblem } from './order-form';

/** The merchant's URLs: four required, every callback optional (opt-in), remembered for next time. */
export function MerchantUrlsEditor({
  urls,
  errors,
  onChange,
}: {
  urls: Record<string, string>;
  errors: FormErrors | null;
  onChange: (urls: Record<string, string>) => void;
}) {
  const filled = Object.fromEntries(Object.entries(urls).filter(([, v]) => v.trim() !== ''));
  // Only the callbacks are checked, so the required browser URLs may be missing here.
  const warnings = urlWarnings(filled as MerchantUrls);
  const warningOf = (key: string) => warnings.find((w) => w.startsWith(`merchant_urls.${key} `));
  // Not a URL is an error, said as you type; only https works in production is a warning.
  const input = (key: string, required: boolean) => (
    <Field
      key={key}
      label={required ? key : `${key} (optional)`}
      path={`merchant_urls.${key}`}
      error={problemAt(errors, `merchant_urls.${key}`) ?? urlProblem(urls[key] ?? '')}
      testId={`url-${key}`}
    >
      <input
        className="input mono"
        value={urls[key] ?? ''}
        onChange={(e) => onChange({ ...urls, [key]: e.target.value })}
        placeholder={required ? undefined : 'not registered: never called'}
        spellCheck={false}
        autoComplete="off"
        data-testid={`url-${key}`}
      />
      {!urlProblem(urls[key] ?? '') && warningOf(key) && (
        <span className="field-warning" data-testid={`url-${key}-warning`}>
          {warningOf(key)!.replace(`merchant_urls.${key} `, '')}
        </span>
      )}
    </Field>
  );
  return (
    <>
      <div className="form-grid url-grid">{REQUIRED_URLS.map((k) => input(k, true))}</div>
      <h3 className="subheading">Callbacks</h3>
      <p className="hint">
        Each one is opt-in: leave it empty and it is never called.{' '}
        <span className="mono">{'{checkout.order.id}'}</span> is replaced by the order id before every call.
      </p>
      <div className="form-grid url-grid">{CALLBACK_URLS.map((k) => input(k, false))}</div>
    </>
  );
}
