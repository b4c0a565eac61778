import { maskHeaders } from './mask';

/**
 * Headers as logged (secrets masked, as JSON text), cached by a key that determines them: the header
 * lines as received, or what a request's headers were built from. Clients repeat themselves, so the
 * last key is compared before the map is consulted (a comparison is cheaper than hashing the key).
 */
export class MaskedHeadersCache {
  private readonly byKey = new Map<string, string>();
  private lastKey: string | null = null;
  private lastJson = '';

  /** The masked JSON of `headers`, which `key` must determine. */
  get(key: string, headers: Record<string, string | string[] | undefined>): string {
    if (key === this.lastKey) return this.lastJson;
    let json = this.byKey.get(key);
    if (json === undefined) {
      if (this.byKey.size >= 1000) this.byKey.clear();
      json = JSON.stringify(maskHeaders(headers));
      this.byKey.set(key, json);
    }
    this.lastKey = key;
    this.lastJson = json;
    return json;
  }
}
