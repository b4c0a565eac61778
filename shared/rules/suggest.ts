/** Edit distance (insertions, deletions, substitutions, and two letters swapped count one each). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name a misspelt one most likely meant (`arival` → `arrival`, `whithin` → `within`), or null
 * when none is close: at most a third of the name's letters wrong (at least one), case aside.
 */
export function closest(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of known) {
    const dist = editDistance(lower, k.toLowerCase());
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  const allowed = Math.max(1, Math.floor(name.length / 3));
  if (best !== null && bestDistance <= allowed) return best;
  // A name cut short (`at_least_once` for `at_least_once_push`) when only one known name begins so.
  const starts = lower.length >= 4 ? known.filter((k) => k.toLowerCase().startsWith(lower)) : [];
  return starts.length === 1 ? starts[0]! : null;
}
