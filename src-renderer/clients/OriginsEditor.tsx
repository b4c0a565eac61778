import { type Client } from '@shared/schemas/elements.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { editing } from '../form/save-state';
import { originProblems, previewAdd, splitOriginInput, withoutOrigin } from './origin-edit';
import { OriginProblems } from './OriginProblems';
import { useClientMutation } from './useClientMutation';

type Change = { mode: 'add' | 'replace'; origins: string[]; typed: boolean };

/**
 * The client's allowed origins: each with its flag (plain http on localhost) and a remove button, and a box
 * whose entries are added (without duplicates) or replace the whole list. Refused entries are named.
 */
export function OriginsEditor({ client: c }: { client: Client }) {
  const api = useControlApi();
  const [text, setText] = useState('');
  const entries = splitOriginInput(text);
  const preview = previewAdd(c.allowed_origins, entries);
  const save = useClientMutation((v: Change) =>
    api.invoke('elements.client.setOrigins', { client_id: c.id, allowed_origins: v.origins, mode: v.mode }),
  );
  const send = (change: Change) => save.mutate(change, { onSuccess: () => change.typed && setText('') });
  const errors = toFormErrors(save.error);
  const edit = editing(save);
  // Problems name positions in what was sent: the typed entries, or the list a removal sent.
  const problems = originProblems(errors, save.variables?.origins ?? []);
  const flags = new Map(c.origin_flags.map((f) => [f.origin, f]));

  return (
    <section className="card client-card" data-testid="origins-editor">
      <h2>Allowed origins</h2>
      {c.allowed_origins.length === 0 ? (
        <p className="muted" data-testid="origins-empty">
          No origin is allowed: no page can embed this client yet.
        </p>
      ) : (
        <ul className="origin-list" data-testid="origin-list">
          {c.allowed_origins.map((o) => (
            <li key={o} data-testid="origin" data-origin={o}>
              <span className="mono selectable">{o}</span>
              {flags.has(o) && (
                <span
                  className="badge badge-pending"
                  title={flags.get(o)!.message}
                  data-testid="origin-flag"
                  data-flag={flags.get(o)!.flag}
                >
                  http · localhost only
                </span>
              )}
              <span className="spacer" />
              <button
                type="button"
                className="btn btn-small"
                disabled={save.isPending}
                onClick={() =>
                  send({ mode: 'replace', origins: withoutOrigin(c.allowed_origins, o), typed: false })
                }
                data-testid="origin-remove"
                aria-label={`Remove ${o}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {c.origin_flags.length > 0 && (
        <p className="hint" data-testid="origin-flag-note">
          {c.origin_flags[0]!.message}.
        </p>
      )}
      <label className={`field origins-field${problems.length > 0 ? ' field-invalid' : ''}`}>
        <span className="field-label">Origins to add, or the new list (one per line)</span>
        <textarea
          className="input mono origins-box"
          rows={3}
          value={text}
          onChange={(e) => edit(setText)(e.target.value)}
          placeholder={'https://shop.example.com\nhttps://shop.example.com:8443'}
          spellCheck={false}
          data-testid="origins-input"
        />
      </label>
      {preview.duplicates.length > 0 && (
        <p className="hint" data-testid="origins-duplicates">
          Already allowed, skipped when adding: <span className="mono">{preview.duplicates.join(', ')}</span>
        </p>
      )}
      <OriginProblems problems={problems} testId="origins-error" />
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={save.isPending || entries.length === 0}
          onClick={() => send({ mode: 'add', origins: entries, typed: true })}
          data-testid="origins-add"
        >
          Add
        </button>
        <button
          type="button"
          className="btn"
          disabled={save.isPending}
          onClick={() => send({ mode: 'replace', origins: entries, typed: true })}
          data-testid="origins-replace"
          title="Replace the whole list with the entries above (none: allow no origin)"
        >
          Replace the list
        </button>
      </div>
      <ErrorSummary
        errors={errors}
        claims={(p) => p === 'allowed_origins' || p.startsWith('allowed_origins[')}
        testId="origins-summary"
      />
    </section>
  );
}
