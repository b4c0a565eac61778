// A seeded random source (sfc32), so that a fuzz run can be repeated exactly: `--seed N`.

/** A random source with the helpers the fuzzer needs; the same seed gives the same sequence. */
export function createRng(seed) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  const rng = {
    next,
    /** An integer in [lo, hi]. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    /** Picks a key of `weights` ({name: weight}) in proportion to its weight. */
    weighted(weights) {
      const entries = Object.entries(weights);
      let r = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [k, w] of entries) {
        r -= w;
        if (r < 0) return k;
      }
      return entries[entries.length - 1][0];
    },
    /** `n` characters drawn from `alphabet`. */
    string(n, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
  return rng;
}
