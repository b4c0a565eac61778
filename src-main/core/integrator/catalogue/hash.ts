/** FNV-1a, 32 bits: a cheap, stable hash so every derived value is the same for the same input. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic stream of numbers in [0, 1) seeded from text (mulberry32). */
export function seeded(text: string): () => number {
  let a = hash32(text);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` decimal digits drawn from a seeded stream. */
export function digits(next: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(next() * 10);
  return out;
}
