import { describe, expect, it } from 'vitest';
import { EventBus } from './events';

const summary = (id: string) => ({ id, order_id: null, kind: 'k' });

/** A bus and the ids of the exchange.recorded events it delivered, in order. */
function recordingBus() {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.on('exchange.recorded', (e) => seen.push(e.id));
  return { bus, seen };
}

describe('EventBus holds', () => {
  it('delivers what was held, in order, when the outermost hold is released to deliver', () => {
    const { bus, seen } = recordingBus();
    bus.hold();
    bus.emit('exchange.recorded', summary('a'));
    bus.hold();
    bus.emit('exchange.recorded', summary('b'));
    bus.release(true);
    expect(seen).toEqual([]);
    bus.release(true);
    expect(seen).toEqual(['a', 'b']);
    bus.emit('exchange.recorded', summary('c'));
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('drops what was held when released without delivering, and emits at once afterwards', () => {
    const { bus, seen } = recordingBus();
    bus.hold();
    bus.emit('exchange.recorded', summary('rolled back'));
    bus.release(false);
    bus.emit('exchange.recorded', summary('after'));
    expect(seen).toEqual(['after']);
  });
});
