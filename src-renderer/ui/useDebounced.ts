import { useEffect, useState } from 'react';

/** The value as it was `ms` after it last changed (typing in a filter asks the simulator once, not per key). */
export function useDebounced<T>(value: T, ms: number, equal: (a: T, b: T) => boolean = Object.is): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (equal(value, settled)) return;
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, settled, ms, equal]);
  return settled;
}
