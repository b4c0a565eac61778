import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { CustomerStepAnswer, CustomerView } from '@shared/schemas/customer.schema';
import { AUTO_RESUME_MS } from '../protocol';
import { ApiError, NETWORK_MESSAGE, type CheckoutApi, type StepPath } from './api';
import type { FrameConfig } from '@shared/contract/frame-config';
import { changePayload, eventsBetween, type ChangeFields, type Emitter } from './events';
import { askPage, type PageVerdict } from './client-validation';
import { exitBetween } from './exits';
import type { ParentLink } from './parent-link';

/*
 * The checkout's state: the order's view (from the document, the live stream, step answers and resumes),
 * what runs now, suspend and resume, and the page-wide failures. Every new view goes through one place,
 * which tells the merchant's page what changed and sends it elsewhere when the purchase is done.
 */

export type Busy = StepPath | 'pickup_search';

export interface Fatal {
  title: string;
  text: string;
}

export type StepRun = { ok: true; answer: CustomerStepAnswer } | { ok: false; error: ApiError };

export interface Checkout {
  view: CustomerView;
  /** The first view was a completed order: the receipt shows, and nothing redirects. */
  loadedComplete: boolean;
  busy: Busy | null;
  suspended: boolean;
  fatal: Fatal | null;
  /** The last request that got no answer, until one gets one. */
  networkProblem: string | null;
  /** Where the merchant's page was sent (the page may stay on screen a moment). */
  leavingTo: string | null;
  runStep(path: StepPath, input: unknown): Promise<StepRun>;
  /** Checks or unchecks one of the merchant's additional checkboxes; the answer's view shows it. */
  setCheckbox(key: string, checked: boolean): Promise<ApiError | null>;
  /** The customer left an edited field of the billing form: `change` with the form's values. */
  formChanged(billing: ChangeFields): void;
  /** validation_callback: asks the merchant's page whether pay may go on. */
  askPage(): Promise<PageVerdict>;
  pickupSearch(
    postalCode: string,
  ): Promise<
    | { ok: true; message: string; found: Record<string, number>; view: CustomerView }
    | { ok: false; error: ApiError }
  >;
}

const FATAL_TITLES: Record<number, string> = {
  403: 'This checkout link is not valid',
  404: 'This checkout does not exist',
  410: 'This checkout is no longer available',
};

export function fatalOf(err: ApiError): Fatal {
  return { title: FATAL_TITLES[err.status] ?? 'The checkout is not available', text: err.message };
}

export function useCheckout(
  config: FrameConfig,
  api: CheckoutApi,
  link: ParentLink,
  emitter: Emitter,
  win: Window,
): Checkout {
  const loadedComplete = config.view.status === 'checkout_complete';
  const [view, setView] = useState(config.view);
  const [busy, setBusyState] = useState<Busy | null>(null);
  const [suspended, setSuspended] = useState(false);
  const [fatal, setFatal] = useState<Fatal | null>(null);
  const [networkProblem, setNetworkProblem] = useState<string | null>(null);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  /** The view the events were last derived from (null until the first render's load). */
  const shown = useRef<CustomerView | null>(null);
  const busyRef = useRef<Busy | null>(null);
  const left = useRef(false);

  const navigate = useCallback(
    (url: string) => {
      if (left.current) return;
      left.current = true;
      setLeavingTo(url);
      if (link.status.kind === 'framed') link.post({ type: 'navigate', url });
      else if (link.status.kind === 'standalone') win.location.assign(url);
    },
    [link, win],
  );

  /** Every new view comes here: the events of the change, a redirect when one is due, then the screen. */
  const apply = useCallback(
    (next: CustomerView, from: 'first' | 'live' | 'answer') => {
      const prev = shown.current;
      // An answer may arrive after the live stream already showed something newer.
      if (from === 'answer' && prev && next.updated_at < prev.updated_at) return;
      if (from !== 'first' && prev === null) return void setView(next);
      emitter.emit(eventsBetween(prev, next));
      shown.current = next;
      const exit = exitBetween(prev, next, loadedComplete);
      if (exit.kind === 'confirmation') {
        emitter.emit([{ event: 'redirect_initiated', data: true }]);
        navigate(exit.url);
      } else if (exit.kind === 'merchant_redirect') navigate(exit.url);
      setView(next);
    },
    [emitter, navigate, loadedComplete],
  );

  const gone = useRef(false);
  const failed = useCallback((err: unknown): ApiError => {
    const e = err instanceof ApiError ? err : new ApiError('network', 0, 'NETWORK', NETWORK_MESSAGE);
    if (e.fatal) {
      gone.current = true;
      setFatal(fatalOf(e));
    }
    setNetworkProblem(e.kind === 'network' ? e.message : null);
    return e;
  }, []);

  const setBusy = (b: Busy | null) => {
    busyRef.current = b;
    setBusyState(b);
  };

  const refresh = useCallback(
    () =>
      api.view().then(
        (v) => {
          setNetworkProblem(null);
          apply(v, 'live');
        },
        (err: unknown) => void failed(err),
      ),
    [api, apply, failed],
  );

  const runStep = async (path: StepPath, input: unknown): Promise<StepRun> => {
    if (busyRef.current)
      return { ok: false, error: new ApiError('http', 409, 'BUSY', 'Please wait: the checkout is busy.') };
    setBusy(path);
    try {
      const answer = await api.step(path, input);
      setNetworkProblem(null);
      apply(answer.view, 'answer');
      return { ok: true, answer };
    } catch (err) {
      const e = failed(err);
      // A step out of order means this page is behind: catch up.
      if (e.status === 409) void refresh();
      return { ok: false, error: e };
    } finally {
      setBusy(null);
    }
  };

  const pickupSearch: Checkout['pickupSearch'] = async (postalCode) => {
    if (busyRef.current) return { ok: false, error: new ApiError('http', 409, 'BUSY', 'Please wait.') };
    setBusy('pickup_search');
    try {
      const r = await api.pickupSearch(postalCode);
      setNetworkProblem(null);
      apply(r.view, 'answer');
      return { ok: true, message: r.message, found: r.locations_found, view: r.view };
    } catch (err) {
      return { ok: false, error: failed(err) };
    } finally {
      setBusy(null);
    }
  };

  // The first render is on screen: `load` (or `load_confirmation`), once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apply(config.view, 'first');
  }, [apply, config.view]);

  // The order live: each change anywhere (console, automation, the merchant) arrives as a new view.
  useEffect(() => {
    let es: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      es = new EventSource(api.eventsUrl());
      es.addEventListener('view', (e) => {
        try {
          apply(JSON.parse((e as MessageEvent<string>).data) as CustomerView, 'live');
        } catch {
          // A malformed message: the next one brings the whole view again.
        }
      });
      es.onerror = () => {
        // The browser reconnects by itself unless the server refused the stream (the order is gone).
        if (es?.readyState !== EventSource.CLOSED) return;
        void refresh().then(() => {
          if (!gone.current) retry = setTimeout(open, 5000);
        });
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      es?.close();
    };
  }, [api, apply, refresh]);

  // api.suspend() and api.resume() from the merchant's page.
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const resume = () => {
      clearTimeout(resumeTimer.current);
      void refresh().finally(() => setSuspended(false));
    };
    const off = link.listen((m) => {
      if (m.type === 'suspend') {
        setSuspended(true);
        clearTimeout(resumeTimer.current);
        if (m.autoResume) resumeTimer.current = setTimeout(resume, AUTO_RESUME_MS);
      } else if (m.type === 'resume') resume();
    });
    // Listening now: the bootstrap may send what it queued (suspend, resume).
    link.post({ type: 'ready' });
    return () => {
      off();
      clearTimeout(resumeTimer.current);
    };
  }, [link, refresh]);

  return {
    view,
    loadedComplete,
    busy,
    suspended,
    fatal: fatal ?? statusFatal(view.status),
    networkProblem,
    leavingTo,
    runStep,
    askPage: () => askPage(link, emitter, win),
    formChanged: (billing) => emitter.emit([{ event: 'change', data: changePayload(billing) }]),
    setCheckbox: (key, checked) =>
      api.checkbox(key, checked).then(
        (r) => {
          setNetworkProblem(null);
          apply(r.view, 'answer');
          return null;
        },
        (err: unknown) => failed(err),
      ),
    pickupSearch,
  };
}

function statusFatal(status: string): Fatal | null {
  if (status === 'expired')
    return {
      title: 'This checkout has expired',
      text: 'It was left unused for too long. Go back to the shop: its checkout starts a new order.',
    };
  if (status === 'aborted')
    return {
      title: 'This checkout was closed',
      text: 'The shop closed this order, so it can no longer be paid. Go back to the shop to start again.',
    };
  return null;
}
