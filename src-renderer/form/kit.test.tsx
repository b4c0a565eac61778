import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './ErrorSummary';
import { Field } from './Field';
import { Form } from './Form';
import { FormKitContext, type FormKit } from './form-kit';
import { type FormErrors } from './problems';
import { refusal } from './test-kit/refusal';
import { SaveBar } from './SaveBar';
import { TextField } from './TextField';

const refused = refusal(
  [
    ['timeout', 'must be at least 1'],
    ['mystery', 'odd'],
  ],
  { message: 'refused' },
);

describe('the form kit', () => {
  it('a field names its hint and its error on its control, and marks it invalid', () => {
    const html = renderToStaticMarkup(
      <Form errors={refused} onSubmit={() => undefined}>
        <Field label="Timeout" path="timeout" hint="1 to 120 000" testId="t">
          <input data-testid="t" />
        </Field>
      </Form>,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)![1]!.split(' ');
    expect(describedBy).toHaveLength(2);
    const [hintId, errorId] = describedBy;
    expect(html).toContain(`id="${hintId}">1 to 120 000</span>`);
    expect(html).toMatch(new RegExp(`id="${errorId}" data-testid="t-error">must be at least 1</span>`));
    expect(html).toContain('field field-invalid');
  });

  it('a text field is a field around one input: same test id, its value, its own class, the rest passed on', () => {
    const html = renderToStaticMarkup(
      <Form errors={refused} onSubmit={() => undefined}>
        <TextField
          label="Timeout"
          path="timeout"
          testId="t"
          fieldClassName="span-2"
          className="input mono"
          inputMode="numeric"
          value="0"
          onChange={() => undefined}
        />
      </Form>,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toMatch(/class="input mono"/);
    expect(input).toContain('value="0"');
    expect(input).toContain('data-testid="t"');
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain('class="field field-invalid span-2"');
    expect(html).toContain('data-testid="t-error">must be at least 1</span>');
  });

  it('a field without a problem is neither invalid nor described by an error', () => {
    const html = renderToStaticMarkup(
      <Form errors={null} onSubmit={() => undefined}>
        <Field label="Timeout" path="timeout" testId="t">
          <input data-testid="t" />
        </Field>
      </Form>,
    );
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('t-error');
    expect(html).toContain('<form noValidate="">');
  });

  it('the summary links a problem to the field that shows it and lists the others with their path', () => {
    const kit: FormKit = {
      errors: refused,
      fields: [{ path: 'timeout', under: false, label: 'Timeout', targetId: 'the-timeout' }],
      register: () => () => undefined,
    };
    const html = renderToStaticMarkup(
      <FormKitContext.Provider value={kit}>
        <ErrorSummary testId="s" />
      </FormKitContext.Provider>,
    );
    expect(html).toContain('data-code="BAD_VALUE"');
    expect(html).toMatch(
      /<button type="button" class="form-errors-link" data-testid="s-link">Timeout<\/button>: must be at least 1/,
    );
    expect(html).toContain('<span class="mono">mystery</span>: odd');
    expect(html).not.toContain('marked beside');
    const counted = renderToStaticMarkup(
      <FormKitContext.Provider value={kit}>
        <ErrorSummary testId="s" claims={(p) => p === 'mystery'} />
      </FormKitContext.Provider>,
    );
    expect(counted).toContain('<div>One more problem, marked beside its field.</div>');
    expect(counted).not.toContain('mystery');
  });

  it('the save bar says its state: idle, dirty, saving, saved, failed with the server’s message', () => {
    const bar = (
      action: { isPending: boolean; isSuccess: boolean },
      errors: FormErrors | null,
      dirty = false,
    ) =>
      renderToStaticMarkup(
        <SaveBar
          action={action}
          errors={errors}
          dirty={dirty}
          busyLabel="Saving…"
          testId="save"
          savedTestId="saved"
          errorTestId="error"
        />,
      );
    const idle = bar({ isPending: false, isSuccess: false }, null);
    expect(idle).toContain('data-state="idle"');
    expect(idle).toMatch(/<button type="submit" class="btn btn-primary" data-testid="save">Save<\/button>/);
    expect(idle).not.toContain('role="status"');

    expect(bar({ isPending: false, isSuccess: false }, null, true)).toContain(
      'data-testid="save-dirty">Unsaved changes<',
    );

    const saving = bar({ isPending: true, isSuccess: false }, null, true);
    expect(saving).toContain('data-state="saving"');
    expect(saving).toMatch(
      /<button type="submit" class="btn btn-primary" disabled="" data-testid="save">Saving…</,
    );

    expect(bar({ isPending: false, isSuccess: true }, null)).toContain(
      '<span class="muted" role="status" data-testid="saved">Saved.</span>',
    );

    const failed = bar(
      { isPending: false, isSuccess: false },
      { code: 'network', message: 'ECONNREFUSED', problems: [] },
    );
    expect(failed).toContain('data-state="failed"');
    expect(failed).toContain('data-testid="error" data-code="network"');
    expect(failed).toContain('ECONNREFUSED');
  });
});
