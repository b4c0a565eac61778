import { STATUS_CODES } from 'node:http';

/**
 * The error code of a request the HTTP server refused by itself (net/: a request line it cannot read,
 * a head over the limit, a time limit…), for the API's error body: the status's own name
 * (`BAD_REQUEST`, `REQUEST_TIMEOUT`, `REQUEST_HEADER_FIELDS_TOO_LARGE`, `HTTP_VERSION_NOT_SUPPORTED`),
 * except where the provider's error list names it otherwise (OM-ERR: `413 REQUEST_TOO_LARGE`) and the
 * 500, which is the apps' own `INTERNAL_ERROR`.
 */
export function refusalCode(status: number): string {
  if (status === 413) return 'REQUEST_TOO_LARGE';
  if (status === 500) return 'INTERNAL_ERROR';
  return (STATUS_CODES[status] ?? 'Bad Request').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}
