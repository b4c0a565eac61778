/** An HTTP/1.1 message that cannot be read: the status a server answers with, and the reason. */
export class WireError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
