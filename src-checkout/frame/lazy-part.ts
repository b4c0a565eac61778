import { useEffect, useState } from 'preact/hooks';

/**
 * A part of the checkout that most customers see late or never (the receipt, an integrator option's
 * pick-up points and time slots) is a chunk of its own, fetched when it is about to be shown: the first
 * load in the merchant's page stays small. The build gives each chunk a fixed name under /kco/assets/.
 */
export interface LazyPart<M> {
  /** Starts fetching the chunk (once; again after a failure); safe to call at any time. */
  load(): Promise<M>;
  /** The module once it is here, `null` while it loads; `want` false fetches nothing. A hook. */
  use(want: boolean): M | null;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let loading: Promise<M> | null = null;
  let loaded: M | null = null;
  const load = (): Promise<M> =>
    (loading ??= importer().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = null; // the simulator restarting: tried again on the next call
        throw err;
      },
    ));
  function use(want: boolean): M | null {
    const [mod, setMod] = useState<M | null>(loaded);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (!want || mod) return;
      let live = true;
      load().then(
        (m) => live && setMod(m),
        // Keep trying, a second apart, until the simulator answers again.
        () => live && setTimeout(() => live && setAttempt((n) => n + 1), 1000),
      );
      return () => {
        live = false;
      };
    }, [want, mod, attempt]);
    return mod;
  }
  return { load, use };
}

/** The receipt and the completion views: needed once the purchase is done. */
export const receiptPart = lazyPart(() => import('./Receipt'));

/** An integrator option's choices (pick-up points, time slots, add-ons): needed once such an option is chosen. */
export const choicesPart = lazyPart(() => import('./OptionChoices'));
