import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckField } from './CheckField';

describe('CheckField', () => {
  it('is one label around the checkbox and its text, the test id on the checkbox', () => {
    const html = renderToStaticMarkup(
      <CheckField checked onChange={() => undefined} testId="same" disabled title="why">
        One address
      </CheckField>,
    );
    expect(html).toBe(
      '<label class="check" title="why"><input type="checkbox" disabled="" data-testid="same" checked=""/>One address</label>',
    );
  });

  it('takes the label’s own class and leaves out what is not given', () => {
    const html = renderToStaticMarkup(
      <CheckField className="fault-row check" checked={false} onChange={() => undefined} testId="f">
        x
      </CheckField>,
    );
    expect(html).toBe('<label class="fault-row check"><input type="checkbox" data-testid="f"/>x</label>');
  });

  it('hands onChange the new checked state', () => {
    const seen: boolean[] = [];
    const element = CheckField({ checked: false, onChange: (v) => seen.push(v), testId: 't', children: 'x' });
    const input = (element.props as { children: [{ props: { onChange: (e: unknown) => void } }] })
      .children[0];
    input.props.onChange({ target: { checked: true } });
    expect(seen).toEqual([true]);
  });
});
