import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi, type MockInstance } from 'vitest';
import { Evented, type ErrorEventData } from '../../src/api/evented';

// An interface (not a type alias) on purpose: interfaces must be accepted as the Events map.
interface TestEvents {
  load: undefined;
  trackingmode: { mode: string };
  selection: { id: string; kind: 'train' | 'flight' | 'station' };
  error: ErrorEventData;
}

class Emitter extends Evented<TestEvents> {
  readonly name = 'emitter' as const;
}

let errorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  errorSpy.mockRestore();
});

describe('on / fire', () => {
  it('calls a listener with the data plus type and target', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('trackingmode', listener);
    e.fire('trackingmode', { mode: 'helicopter' });
    expect(listener).toHaveBeenCalledTimes(1);
    const event = listener.mock.calls[0][0];
    expect(event).toEqual({ mode: 'helicopter', type: 'trackingmode', target: e });
    expect(event.target).toBe(e);
  });

  it('types the event with the data, type and the subclass as target', () => {
    const e = new Emitter();
    e.on('selection', (event) => {
      expectTypeOf(event.id).toEqualTypeOf<string>();
      expectTypeOf(event.type).toEqualTypeOf<'selection'>();
      expectTypeOf(event.target).toEqualTypeOf<Emitter>();
      expectTypeOf(event.target.name).toEqualTypeOf<'emitter'>();
    });
    e.fire('selection', { id: 'JR-East.Yamanote.400G', kind: 'train' });
  });

  it('rejects wrong event names and data at compile time', () => {
    const e = new Emitter();
    // @ts-expect-error unknown event type
    e.on('nope', () => {});
    // @ts-expect-error data is required for events whose data type excludes undefined
    e.fire('trackingmode');
    // @ts-expect-error wrong data shape
    e.fire('trackingmode', { mode: 1 });
    e.on('load', (event) => {
      // @ts-expect-error load events carry no data fields
      void event.mode;
    });
    expect(e.listens('load')).toBe(true);
  });

  it('does not mutate the fired data object', () => {
    const e = new Emitter();
    const data = { mode: 'bird' };
    e.on('trackingmode', () => {});
    e.fire('trackingmode', data);
    expect(data).toEqual({ mode: 'bird' });
  });

  it('lets type and target win over same-named data fields', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('trackingmode', listener);
    e.fire('trackingmode', { mode: 'x', type: 'other', target: 'nope' } as unknown as { mode: string });
    expect(listener.mock.calls[0][0].type).toBe('trackingmode');
    expect(listener.mock.calls[0][0].target).toBe(e);
  });

  it('fires events without data', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('load', listener);
    e.fire('load');
    expect(listener).toHaveBeenCalledWith({ type: 'load', target: e });
  });

  it('calls listeners in registration order, only for their type', () => {
    const e = new Emitter();
    const calls: string[] = [];
    e.on('load', () => calls.push('a'));
    e.on('trackingmode', () => calls.push('x'));
    e.on('load', () => calls.push('b'));
    e.fire('load');
    expect(calls).toEqual(['a', 'b']);
  });

  it('ignores a second registration of the same listener', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('load', listener).on('load', listener);
    e.fire('load');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('returns this for chaining', () => {
    const e = new Emitter();
    const l = () => {};
    expect(e.on('load', l)).toBe(e);
    expect(e.once('load', l)).toBe(e);
    expect(e.off('load', l)).toBe(e);
    expect(e.fire('load')).toBe(e);
  });

  it('fires nothing and does not print for non-error events without listeners', () => {
    new Emitter().fire('trackingmode', { mode: 'bird' });
    expect(errorSpy).not.toHaveBeenCalled();
  });
});

describe('off', () => {
  it('removes a listener', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('load', listener);
    e.off('load', listener);
    e.fire('load');
    expect(listener).not.toHaveBeenCalled();
    expect(e.listens('load')).toBe(false);
  });

  it('removes a once listener by its original function', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.once('load', listener);
    e.off('load', listener);
    e.fire('load');
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores unknown listeners and types', () => {
    const e = new Emitter();
    const kept = vi.fn();
    e.on('load', kept);
    e.off('load', () => {});
    e.off('trackingmode', () => {});
    e.fire('load');
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('only removes from the given type', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('load', listener);
    e.on('trackingmode', listener);
    e.off('load', listener);
    e.fire('trackingmode', { mode: 'bird' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(e.listens('trackingmode')).toBe(true);
  });

  it('is safe during dispatch: a listener removed by an earlier one is not called', () => {
    const e = new Emitter();
    const second = vi.fn();
    const first = vi.fn(() => {
      e.off('load', second);
    });
    e.on('load', first);
    e.on('load', second);
    e.fire('load');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('is safe during dispatch: a listener removing itself does not skip the next one', () => {
    const e = new Emitter();
    const calls: string[] = [];
    const self = () => {
      calls.push('self');
      e.off('load', self);
    };
    e.on('load', self);
    e.on('load', () => calls.push('next'));
    e.fire('load');
    e.fire('load');
    expect(calls).toEqual(['self', 'next', 'next']);
  });

  it('does not call listeners added during dispatch until the next fire', () => {
    const e = new Emitter();
    const late = vi.fn();
    e.on('load', () => {
      e.on('load', late);
    });
    e.fire('load');
    expect(late).not.toHaveBeenCalled();
    e.fire('load');
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('once', () => {
  it('calls the listener only once', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.once('trackingmode', listener);
    e.fire('trackingmode', { mode: 'a' });
    e.fire('trackingmode', { mode: 'b' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0].mode).toBe('a');
    expect(e.listens('trackingmode')).toBe(false);
  });

  it('is not called twice when the event is re-fired from inside the listener', () => {
    const e = new Emitter();
    const listener = vi.fn(() => {
      e.fire('load');
    });
    e.once('load', listener);
    e.fire('load');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('can coexist with an on registration of the same function', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('load', listener);
    e.once('load', listener);
    e.fire('load');
    e.fire('load');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('returns a Promise of the next event when called without a listener', async () => {
    const e = new Emitter();
    const promise = e.once('selection');
    expect(promise).toBeInstanceOf(Promise);
    expect(e.listens('selection')).toBe(true);
    e.fire('selection', { id: 'Toei.Oedo.Tochomae', kind: 'station' });
    const event = await promise;
    expectTypeOf(event.id).toEqualTypeOf<string>();
    expect(event).toEqual({ id: 'Toei.Oedo.Tochomae', kind: 'station', type: 'selection', target: e });
    expect(e.listens('selection')).toBe(false);
  });

  it('resolves the Promise only with the first event', async () => {
    const e = new Emitter();
    const promise = e.once('trackingmode');
    e.fire('trackingmode', { mode: 'first' });
    e.fire('trackingmode', { mode: 'second' });
    expect((await promise).mode).toBe('first');
  });
});

describe('listens', () => {
  it('reports registered listeners', () => {
    const e = new Emitter();
    expect(e.listens('load')).toBe(false);
    const l = () => {};
    e.on('load', l);
    expect(e.listens('load')).toBe(true);
    expect(e.listens('trackingmode')).toBe(false);
    e.off('load', l);
    expect(e.listens('load')).toBe(false);
  });
});

describe('error handling', () => {
  it('prints the message of an error event without listeners', () => {
    new Emitter().fire('error', { message: 'Layer "foo" does not exist.' });
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalledWith('Layer "foo" does not exist.');
  });

  it('prints the message of the wrapped Error when there is no message field', () => {
    new Emitter().fire('error', { error: new Error('boom') });
    expect(errorSpy).toHaveBeenCalledWith('boom');
  });

  it('prints a generic text for an empty error event', () => {
    new Emitter().fire('error', {});
    expect(errorSpy).toHaveBeenCalledWith('Unknown error');
  });

  it('does not print an error event that has a listener', () => {
    const e = new Emitter();
    const listener = vi.fn();
    e.on('error', listener);
    e.fire('error', { message: 'handled' });
    expect(listener).toHaveBeenCalledWith({ message: 'handled', type: 'error', target: e });
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('prints again once the only error listener was a once listener that already ran', () => {
    const e = new Emitter();
    e.once('error', () => {});
    e.fire('error', { message: 'first' });
    e.fire('error', { message: 'second' });
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalledWith('second');
  });

  it('keeps calling other listeners when one throws, and reports the exception', () => {
    const e = new Emitter();
    const failure = new Error('listener failed');
    const before = vi.fn();
    const after = vi.fn();
    e.on('load', before);
    e.on('load', () => {
      throw failure;
    });
    e.on('load', after);
    expect(() => e.fire('load')).not.toThrow();
    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalledWith(failure);
  });

  it('removes a throwing once listener anyway', () => {
    const e = new Emitter();
    const listener = vi.fn(() => {
      throw new Error('x');
    });
    e.once('load', listener);
    e.fire('load');
    e.fire('load');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('independence', () => {
  it('keeps listeners per instance', () => {
    const a = new Emitter();
    const b = new Emitter();
    const listener = vi.fn();
    a.on('load', listener);
    b.fire('load');
    expect(listener).not.toHaveBeenCalled();
    expect(b.listens('load')).toBe(false);
  });
});
