import { type Addon, type Timeslot } from '@shared/schemas/integrator.schema';
import { useMoney } from '../../format/MoneyLocale';
import { browserLocale } from '../../format/locale';
import { FieldError } from '../../form/Field';
import { addonInfo, type AddonDraft } from '@shared/rules/addon-form';
import { formatWindow } from '@shared/format/shipping-format';

/** The delivery windows of a home delivery, in the buyer's time zone. */
export function TimeslotPicker({
  timeslots,
  selectedId,
  currency,
  disabled,
  onSelect,
}: {
  timeslots: readonly Timeslot[];
  selectedId: string;
  currency: string;
  disabled: boolean;
  onSelect: (id: string) => void;
}) {
  const fmtMoney = useMoney();
  return (
    <fieldset className="ship-fieldset" data-testid="timeslots">
      <legend>Delivery time</legend>
      <div className="timeslots" role="radiogroup" aria-label="Delivery time">
        {timeslots.map((t) => (
          <label
            key={t.id}
            className={`timeslot${t.id === selectedId ? ' selected' : ''}`}
            data-testid={`timeslot-${t.id}`}
          >
            <input
              type="radio"
              name="timeslot"
              checked={t.id === selectedId}
              onChange={() => onSelect(t.id)}
              disabled={disabled}
            />
            <span>{formatWindow(t.start, t.end, { locale: browserLocale() })}</span>
            {t.price ? <span className="muted small">+{fmtMoney(t.price, currency)}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The add-ons of an option: a checkbox each, and the text input of those that carry one. */
export function AddonFields({
  addons,
  drafts,
  problems,
  currency,
  disabled,
  onChange,
}: {
  addons: readonly Addon[];
  drafts: readonly AddonDraft[];
  problems: ReadonlyMap<number, string>;
  currency: string;
  disabled: boolean;
  onChange: (i: number, next: AddonDraft) => void;
}) {
  const fmtMoney = useMoney();
  return (
    <fieldset className="ship-fieldset" data-testid="addons">
      <legend>Add-ons</legend>
      <div className="addons">
        {addons.map((a, i) => {
          const d = drafts[i] ?? { type: a.type, selected: false, text: '' };
          const info = addonInfo(a);
          const problem = problems.get(i);
          return (
            <div
              key={a.type}
              className={`addon${problem ? ' field-invalid' : ''}`}
              data-testid={`addon-${a.type}`}
              data-selected={d.selected}
            >
              <label className="check">
                <input
                  type="checkbox"
                  checked={d.selected || a.required === true}
                  // A required add-on is part of the option: it cannot be unchecked.
                  disabled={disabled || a.required === true}
                  onChange={(e) => onChange(i, { ...d, selected: e.target.checked })}
                  data-testid={`addon-${a.type}-check`}
                />
                <span>{info.label}</span>
                {a.required && <span className="badge badge-pending">required</span>}
                {a.price ? <span className="muted small">+{fmtMoney(a.price, currency)}</span> : null}
                <span className="muted small mono">{a.category}</span>
              </label>
              {info.text && (d.selected || a.required) && (
                <AddonText
                  addon={a}
                  kind={info.text.kind}
                  label={info.text.label}
                  value={d.text}
                  disabled={disabled}
                  onChange={(text) => onChange(i, { ...d, text })}
                />
              )}
              <FieldError message={problem} testId={`addon-${a.type}-error`} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function AddonText({
  addon: a,
  kind,
  label,
  value,
  disabled,
  onChange,
}: {
  addon: Addon;
  kind: 'tel' | 'email' | 'text' | 'textarea';
  label: string;
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const common = {
    className: 'input',
    value,
    disabled,
    'aria-label': label,
    placeholder: label,
    spellCheck: false,
    'data-testid': `addon-${a.type}-text`,
  };
  const over = a.max_length !== undefined && value.length > a.max_length;
  return (
    <div className="addon-text">
      {kind === 'textarea' ? (
        <textarea {...common} rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={kind} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      )}
      {a.max_length !== undefined && (
        <span
          className={`addon-counter small${over ? ' field-error' : ' muted'}`}
          data-testid={`addon-${a.type}-counter`}
        >
          {value.length} / {a.max_length}
        </span>
      )}
    </div>
  );
}
