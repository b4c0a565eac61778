import { frameAllowed } from '@shared/rules/frame-origins';
import { isMessage, KCO_MARK, type FrameToPage, type PageToFrame } from '../protocol';

/*
 * The line to the merchant's page (the bootstrap in the parent window): messages go to the page's origin
 * only, and only the parent window's messages from that origin are heard.
 */

export type ParentStatus =
  /** In the merchant's page, whose origin is known and checked. */
  | { kind: 'framed'; origin: string }
  /** Opened on its own (not in a frame): nobody to tell; steps and the log work as usual. */
  | { kind: 'standalone' }
  /** Framed, but by a page it must not talk to: nothing is posted, and the page says why. */
  | { kind: 'blocked'; reason: string };

export interface ParentFacts {
  framed: boolean;
  /** The merchant page's origin from the frame's address (checked by the simulator when it served the page). */
  parentOrigin: string | null;
  /** What the browser says the parent's origin is (location.ancestorOrigins[0]), when it says. */
  ancestorOrigin: string | undefined;
  /** The simulator's checkout_frame_origins setting (empty: any origin). */
  allowedOrigins: readonly string[];
}

export function parentStatus(f: ParentFacts): ParentStatus {
  if (!f.framed) return { kind: 'standalone' };
  if (f.parentOrigin === null) {
    return {
      kind: 'blocked',
      reason:
        'This checkout is framed, but its address has no origin parameter (the bootstrap adds it): it cannot tell the page anything.',
    };
  }
  if (f.ancestorOrigin !== undefined && f.ancestorOrigin !== f.parentOrigin) {
    return {
      kind: 'blocked',
      reason: `The page around this checkout is ${f.ancestorOrigin}, not ${f.parentOrigin} as its address says: it tells that page nothing.`,
    };
  }
  if (!frameAllowed(f.allowedOrigins, f.parentOrigin)) {
    return {
      kind: 'blocked',
      reason: `${f.parentOrigin} is not among the origins the setting checkout_frame_origins allows.`,
    };
  }
  return { kind: 'framed', origin: f.parentOrigin };
}

/** Whether a message event comes from the merchant's page and carries the protocol's mark. */
export function fromParent(
  e: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  parent: unknown,
  origin: string,
): e is MessageEvent<PageToFrame> {
  return e.source === parent && e.origin === origin && isMessage<PageToFrame>(e.data);
}

type Outgoing = FrameToPage extends infer M ? (M extends FrameToPage ? Omit<M, 'kco'> : never) : never;

export interface ParentLink {
  status: ParentStatus;
  /** Posts to the merchant's page; false when there is no page to tell (not framed, or blocked). */
  post(message: Outgoing): boolean;
  /** Listens for suspend and resume; returns the unsubscribe. */
  listen(handler: (m: PageToFrame) => void): () => void;
}

export function parentLink(win: Window, status: ParentStatus): ParentLink {
  return {
    status,
    post(message) {
      if (status.kind !== 'framed') return false;
      win.parent.postMessage({ ...message, kco: KCO_MARK }, status.origin);
      return true;
    },
    listen(handler) {
      if (status.kind !== 'framed') return () => undefined;
      const on = (e: MessageEvent) => {
        if (fromParent(e, win.parent, status.origin)) handler(e.data);
      };
      win.addEventListener('message', on);
      return () => win.removeEventListener('message', on);
    },
  };
}

/** The facts as this window knows them. */
export function parentFacts(
  win: Window,
  parentOrigin: string | null,
  allowedOrigins: readonly string[],
): ParentFacts {
  return {
    framed: win.parent !== win,
    parentOrigin,
    ancestorOrigin: win.location.ancestorOrigins?.[0],
    allowedOrigins,
  };
}
