/** What starting a push schedule gives the order: its first due time and the schedule's key. */
export interface PushStart {
  firstDueMs: number;
  schedule: number;
}

/**
 * What order management needs of the push schedule, owned here so that order-management/ stays below
 * push/ (its timeline reads the orders); the PushService is one, handed in by build-after-purchase.ts.
 */
export interface PushSchedule {
  start(orderId: string, url: string, completedMs: number, opts?: { immediate?: boolean }): PushStart;
  /** Cancels the order's pending pushes (at acknowledgement). */
  stop(orderId: string): number;
  /** The one extra push of the fault `push_after_ack`; false when there is none to send. */
  afterAcknowledgement(orderId: string, url: string): boolean;
}
