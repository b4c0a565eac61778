import { timingSafeEqual } from 'node:crypto';

/** Checks `Authorization: Basic …` against one username and password. */
export function basicAuthChecker(
  username: string,
  password: string,
): (header: string | undefined) => boolean {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const want = Buffer.from(`${username}:${password}`);
  return (header) => {
    if (header === undefined) return false;
    if (header === expected) return true; // the common case, without decoding
    const m = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (!m) return false;
    const got = Buffer.from(m[1]!, 'base64');
    return got.length === want.length && timingSafeEqual(got, want);
  };
}
