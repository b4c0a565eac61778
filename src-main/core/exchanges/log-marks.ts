/**
 * The exchange log's marks (ExchangeLog.mark/settled/whenSettled): whether what was recorded is in the
 * log file yet. A record in simulator.db names an exchange (a push attempt's answer, an applied fault's)
 * only once its exchange is written, so that after a kill no record names an exchange the log lacks. A
 * customer's step is saved at once and its exchange_ids follow (checkout/unlogged-refs.ts).
 */
export interface LogMarks {
  mark(): number;
  settled(mark: number): boolean;
  /** `hurry`: someone is waiting on it now (a customer), so the log writes without its batching delay. */
  whenSettled(mark: number, hurry?: boolean): Promise<void>;
}

/**
 * Resolves once every exchange recorded so far is in the log file (at once when it is already). With
 * `hurry` (a customer's step waits on it), the log writes at the end of this turn of the event loop
 * rather than after its batching delay; bulk work (pushes fired by a clock advance) keeps the batching.
 */
export function untilLogged(marks: LogMarks, hurry = false): Promise<void> {
  return marks.whenSettled(marks.mark(), hurry);
}
