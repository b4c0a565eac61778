import { useSettings } from '../api/queries';
import { useOneSetting } from './one-setting';
import { Form } from '../form/Form';
import { SaveBar } from '../form/SaveBar';
import { formatBytes } from '../api/log-status';
import { TextField } from '../form/TextField';

const MIB = 1024 * 1024;

/** The field's MB as bytes when it is a number, else the text as typed, so the simulator names the rule. */
function bytesOf(text: string): number | string {
  const t = text.trim();
  return /^\d+(\.\d+)?$/.test(t) ? Math.round(Number(t) * MIB) : t;
}

/** The exchange log's size cap (setting `log_max_bytes`): past it the oldest exchanges are removed. */
export function LogCapSetting() {
  const settings = useSettings();
  const current = settings.data?.log_max_bytes;
  return (
    <section className="card" data-testid="settings-log-cap">
      <header className="card-header">
        <h2>The exchange log’s size</h2>
      </header>
      {current !== undefined && <LogCapForm current={current} />}
    </section>
  );
}

function LogCapForm({ current }: { current: number }) {
  const { text, edit, save, errors, dirty } = useOneSetting(
    'log_max_bytes',
    current,
    (b) => String(b / MIB),
    bytesOf,
  );
  return (
    <Form errors={errors} onSubmit={() => save.mutate()}>
      <div className="form-grid">
        <TextField
          label="Size cap (MB)"
          path="log_max_bytes"
          testId="settings-log-cap-mb"
          inputMode="decimal"
          value={text}
          onChange={edit}
        />
      </div>
      <p className="hint">
        Now {formatBytes(current)}. Past it the oldest exchanges are removed first, so the log’s file stays
        near this size (the log page shows how many went). 1 MB to 1 TB; 1 GB by default; also the config
        file’s <code>log_max_bytes</code> and <code>PUT /test_helpers/settings</code>.
      </p>
      <SaveBar
        action={save}
        dirty={dirty}
        busyLabel="Saving…"
        testId="settings-log-cap-save"
        savedTestId="settings-log-cap-saved"
        errorTestId="settings-log-cap-error"
        claims={() => true}
      />
    </Form>
  );
}
