import { DEFAULT_SETTINGS } from '@shared/schemas/settings.schema';
import { useSettings } from '../api/queries';
import { useOneSetting } from './one-setting';
import { Field } from '../form/Field';
import { numberOrText } from '../form/field-values';
import { Form } from '../form/Form';
import { SaveBar } from '../form/SaveBar';

const DEFAULT_QUIET_MS = DEFAULT_SETTINGS.advance_quiet_ms;

/**
 * The clock's setting `advance_quiet_ms`: how long an advance waits, after an instant that pushed, for the
 * merchant to go quiet. Its own card (like the log's size), so saving it leaves the other settings alone.
 */
export function ClockQuietSetting() {
  const settings = useSettings();
  const current = settings.data?.advance_quiet_ms;
  return (
    <section className="card" data-testid="settings-clock">
      <header className="card-header">
        <h2>The clock</h2>
      </header>
      {current !== undefined && <ClockQuietForm current={current} />}
    </section>
  );
}

function ClockQuietForm({ current }: { current: number }) {
  const { text, edit, save, errors, dirty } = useOneSetting(
    'advance_quiet_ms',
    current,
    String,
    numberOrText,
  );
  return (
    <Form className="settings-form" errors={errors} onSubmit={() => save.mutate()}>
      <div className="form-grid">
        <Field label="Quiet window after a push (ms)" path="advance_quiet_ms" testId="settings-quiet-ms">
          <div className="input-with-action">
            <input
              className="input"
              inputMode="numeric"
              value={text}
              onChange={(e) => edit(e.target.value)}
              data-testid="settings-quiet-ms"
            />
            <button
              type="button"
              className="btn"
              onClick={() => edit(String(DEFAULT_QUIET_MS))}
              data-testid="settings-quiet-default"
            >
              Default ({DEFAULT_QUIET_MS} ms)
            </button>
          </div>
        </Field>
      </div>
      <p className="hint" data-testid="settings-quiet-hint">
        When an advance of the clock pushes, it stands at that moment until your server has answered and made
        no request for this long, so what it does about the push is recorded at that attempt. 0 to 10 000 ms
        of real time; 0 waits only for the answers. Also <code>PUT /test_helpers/settings</code>.
      </p>
      <SaveBar
        action={save}
        dirty={dirty}
        busyLabel="Saving…"
        testId="settings-quiet-save"
        savedTestId="settings-quiet-saved"
        errorTestId="settings-quiet-error"
        claims={() => true}
      />
    </Form>
  );
}
