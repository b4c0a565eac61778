/**
 * The exchange log's marks (ExchangeLog.mark/settled/whenSettled): whether what was recorded is in the
 * log file yet. A record in simulator.db that names an exchange (a push attempt's answer, a step's
 * exchange_ids, an applied fault's) is written only once its exchange is, so that after a kill no
 * record names an exchange the log lacks.
 */
export interface LogMarks {
  mark(): number;
  settled(mark: number): boolean;
  whenSettled(mark: number): Promise<void>;
}

/** Resolves once every exchange recorded so far is in the log file (at once when it is already). */
export function untilLogged(marks: LogMarks): Promise<void> {
  return marks.whenSettled(marks.mark());
}
