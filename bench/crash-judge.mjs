// The crash benchmark's judge (bench/crash.mjs): the attempts as simulator.db records them, against the
// push exchanges the log holds and what the merchant stub received. Its own module so a test can give it
// the histories a kill leaves (crash-judge.test.mjs).

/**
 * Checks every order's attempts against what the merchant received. The merchant gets an order's
 * pushes in attempt order (never two of one order at once, a late one before the next), and numbers
 * them as they arrive; an answer carries that number (its receipt). Attempts the merchant never got
 * shift the numbers of the later ones, so receipts are not attempt numbers: each answered attempt is
 * paired with its push by its exchange (the answer it records), and the attempts between two answered
 * ones must account for the pushes the merchant received between them. A mismatch: an attempt whose
 * exchange the log lacks or whose status differs, an exchange the log holds that no attempt reads (an
 * answer the record missed), two attempts reading one exchange, or receipts that cannot follow from
 * the attempts (going back, or more pushes received than attempts went). Pushes the merchant did not
 * receive: an `interrupted` one (marked written, then the kill: the documented moment between the mark
 * and the write) is counted on its own line; any other is "never sent". Duplicates: received beyond the
 * attempts.
 */
export function judge(ids, rows, logged, received, attempts) {
  const problems = [];
  const outcomes = {};
  const tally = { mismatches: 0, duplicates: 0, neverSent: 0, markedNeverReceived: 0, fromLog: 0, late: 0 };
  const mismatch = (text) => {
    tally.mismatches++;
    if (problems.length < 10) problems.push(text);
  };
  const byOrder = new Map();
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
  const want = Array.from({ length: attempts }, (_, i) => i + 1).join(',');
  for (const id of ids) {
    const mine = byOrder.get(id) ?? [];
    const numbers = mine.map((r) => r.number).join(',');
    if (numbers !== want) problems.push(`${id}: attempts ${numbers}, want ${want}`);
    for (const r of mine) {
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      if (r.note?.includes('read from the log')) tally.fromLog++;
      if (r.note?.includes('sent after the restart')) tally.late++;
    }
    pairOrder(id, mine, logged.get(id), received.get(id) ?? 0, tally, mismatch);
  }
  if (tally.mismatches + tally.duplicates + tally.neverSent > 0) {
    problems.push(
      `${tally.mismatches} mismatches, ${tally.duplicates} duplicates, ${tally.neverSent} never sent`,
    );
  }
  return { problems, outcomes, tally };
}

/** One order's attempts (in number order) against its logged push exchanges and the merchant's count. */
function pairOrder(id, mine, logged, got, tally, mismatch) {
  const named = new Set();
  let last = { number: 0, receipt: 0 };
  const gap = (between, receivedBetween) => {
    // The pushes the merchant did not get among `between` (none of them carries a receipt): the
    // interrupted ones first (the documented moment), any other attempt is a push never sent.
    let missing = between.length - receivedBetween;
    const interrupted = between.filter((r) => r.outcome === 'interrupted').length;
    const marked = Math.min(missing, interrupted);
    tally.markedNeverReceived += marked;
    tally.neverSent += missing - marked;
  };
  for (const r of mine) {
    if (r.outcome === 'interrupted' || r.exchange_id === null) {
      if (r.outcome !== 'interrupted')
        mismatch(`${id}: attempt ${r.number} reads ${r.outcome} with no exchange`);
      continue;
    }
    if (named.has(r.exchange_id))
      mismatch(`${id}: attempt ${r.number} reads exchange ${r.exchange_id} twice`);
    named.add(r.exchange_id);
    const e = logged.get(r.exchange_id);
    if (!e) {
      mismatch(`${id}: attempt ${r.number} names exchange ${r.exchange_id}, which the log lacks`);
      continue;
    }
    if (e.status !== r.status)
      mismatch(`${id}: attempt ${r.number} reads ${r.status}, its exchange ${e.status}`);
    if (e.receipt === null) continue;
    const between = mine.filter((x) => x.number > last.number && x.number < r.number);
    const receivedBetween = e.receipt - last.receipt - 1;
    if (receivedBetween < 0 || receivedBetween > between.length) {
      mismatch(
        `${id}: attempt ${r.number} holds the answer to the merchant's push ${e.receipt}, after push ${last.receipt} for attempt ${last.number}`,
      );
    } else gap(between, receivedBetween);
    last = { number: r.number, receipt: e.receipt };
  }
  for (const [exchangeId, e] of logged)
    if (!named.has(exchangeId))
      mismatch(
        `${id}: the log holds the answer to the merchant's push ${e.receipt} (${exchangeId}), which no attempt reads`,
      );
  const after = mine.filter((x) => x.number > last.number);
  const receivedAfter = got - last.receipt;
  if (receivedAfter > after.length) tally.duplicates += receivedAfter - after.length;
  else gap(after, Math.max(0, receivedAfter));
}
