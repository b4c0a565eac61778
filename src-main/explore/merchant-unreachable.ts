/**
 * The merchant's server does not answer at all: nothing can be explored (a wrong URL, a server not started).
 * Apart from explore.ts, so that the CLI's failure report (cli/main.ts) knows it without loading explore.
 */
export class MerchantUnreachable extends Error {
  constructor(cause: Error) {
    super(`${cause.message}: nothing was explored`, { cause });
  }
}
