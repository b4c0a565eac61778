import { createHash } from 'node:crypto';

/** The content hash the exchange log stores large bodies under (sha1, base64url). */
export function bodyHash(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}
