import { DEFAULT_PORTS } from '@shared/schemas/config.schema';
import { EXPORT_USAGE } from './export-usage';
import { CA_USAGE } from './ca-usage';

/*
 * What each command takes, printed by `checkout-sim COMMAND --help` (exit 0) and after a usage error
 * (exit 2). The whole text is `checkout-sim --help`.
 */

const SERVE = `Usage: checkout-sim serve [--host H] [--port N] [--data-dir DIR] [--config FILE] [--http own|node]
                          [--tls [--tls-cert FILE --tls-key FILE]] [--merchant-ca FILE] [--no-shop] [--quiet] [--verbose]

  --host H        address to bind (default 127.0.0.1; anything else exposes the simulator to the network)
  --port N        port of the provider API; the console uses N+1, the fake integrator N+2, the embedded
                  checkout N+3 and the sample shop N+4. 0 picks free ports for all. Default ${DEFAULT_PORTS.api}.
  --data-dir DIR  where the SQLite database lives (default: the per-user app-data folder)
  --config FILE   JSON config: {"credentials":{"username","password"},"host","http",
                  "ports":{"api","console","integrator","checkout","shop"},
                  "tls": true | {"cert","key","names":[…]}, "merchant_ca"}
  --http own|node the HTTP/1.1 server of the provider API and the fake integrator: the simulator's own
                  (default) or node:http, to check a doubt about the own one against the standard
  --tls           serve the provider API, the fake integrator, the embedded checkout and the sample shop
                  over https (the console stays http), with a certificate of a local CA made once in
                  the data folder (its file: the ready line's "ca", or \`checkout-sim ca\`)
  --tls-cert FILE --tls-key FILE
                  your own certificate and key (PEM) instead of the local CA's; implies --tls
  --merchant-ca FILE  a CA (PEM) that the merchant's https callback URLs' certificates chain to: trusted,
                  so those callbacks and pushes are delivered under the production TLS rules too
  --no-shop       do not start the sample shop
  --quiet         no informational lines on stderr
  --verbose       when start-up fails, the error's trace after its one-line reason`;

const OPENAPI = `Usage: checkout-sim openapi [--integrator | --control | --checkout]

Prints the OpenAPI 3.1 document of the provider APIs to stdout, or with a flag that of another listener:
--integrator the built-in fake integrator, --control the console's control API, --checkout the embedded
checkout's page API. A running simulator serves each at GET /openapi.json on that listener.`;

const RUN = `Usage: checkout-sim run FILE… [--merchant-url URL] [--api URL [--username U --password P]]
                        [--reporter junit=FILE] [--reporter html=FILE] [--reporter json=FILE]
                        [--parallel N] [--compare FILE [--ignore PATH]…]

Runs scenario files (YAML or JSON; a folder means its .yaml, .yml and .json files), each on its own
order and its own test clock, and prints one line per expectation. Every file is checked first: when one
is invalid, nothing runs.
  --api URL           a running simulator's provider API; without it, one is started for the run (free
                      ports, a temporary data folder) with the sample shop beside it
  --username/--password  that simulator's credentials (default merchant / secret)
  --merchant-url URL  the merchant's server; default: the simulator's sample shop
  --reporter K=FILE   also write a report: junit (JUnit XML), html (one page), json; may repeat
  --parallel N        how many scenarios run at once, each on a test clock of its own (default: the
                      number of cores); 1 runs them one after another on the simulator clock
  --compare FILE      an earlier run's JSON report (--reporter json=FILE): list what the merchant did
                      differently, per scenario (by file and name) and exchange (by kind and occurrence):
                      statuses, outcomes, fields of callback answers, the acknowledgement, push attempts
  --ignore PATH       with --compare, a field of the merchant's answers not compared, such as
                      callbacks.push.body.order_number or callbacks.*.body.lines[*].id; may repeat
                      (a scenario file adds its own: compare: {ignore: [PATH, …]})
Exit codes: 0 every expectation met; 1 one not met (or a scenario could not run to its end, or, with
--compare, something differs); 2 a file invalid (the --compare report too), or a usage error.`;

const EXPLORE = `Usage: checkout-sim explore [--merchant-url URL] [--api URL [--username U --password P]]
                            [--runs N | --time-limit 60s] [--seed S] [--parallel N] [--out DIR]
                            [--reporter json=FILE|junit=FILE|html=FILE]… [--config FILE] [--quiet]

Generates journeys (carts, countries, addresses, shipping, pay, the confirmation page, clock moves and
merchant faults), each on its own order and test clock, checks the invariants (docs/explore.md), and
shrinks each failure to the shortest scenario file that still shows it.
  --merchant-url URL  the merchant's server; default: the simulator's sample shop
  --api URL           a running simulator; without it, one is started for the run
  --runs N            how many journeys (default 100); --time-limit D: stop after D (60s, 5m)
  --seed S            the same seed generates the same journeys (default: a new one, printed)
  --parallel N        journeys at once (default: the number of cores)
  --out DIR           write each finding as a scenario file checkout-sim run replays
  --reporter K=FILE   json (the explore report), junit or html (findings as failed scenarios); may repeat
  --config FILE       YAML or JSON: order, orders, vary, invariants, expect, back_office, settings
  --quiet             no progress line, and no lines from the sample shop it starts
Exit codes: 0 nothing found; 1 findings; 2 a usage error, a bad config file or a merchant that does not
answer at all (nothing explored). Runs whose journey stopped short are listed after the summary.`;

const VALIDATE = `Usage: checkout-sim validate FILE…

Checks scenario files (a folder means its .yaml, .yml and .json files) without running them: one line per
file, each problem with its path. Exit codes: 0 every file valid; 2 a file invalid, or a usage error.`;

const SCENARIO_SCHEMA = `Usage: checkout-sim scenario-schema

Prints the JSON Schema of scenario files (also in docs/scenario.schema.json), for editors.`;

export const COMMAND_USAGE: Record<string, string> = {
  serve: SERVE,
  openapi: OPENAPI,
  run: RUN,
  explore: EXPLORE,
  validate: VALIDATE,
  'scenario-schema': SCENARIO_SCHEMA,
  export: EXPORT_USAGE,
  ca: CA_USAGE,
};

/** Every command's usage: `checkout-sim --help`. */
export const USAGE = `${Object.values(COMMAND_USAGE).join('\n\n')}

checkout-sim COMMAND --help prints one command's part; checkout-sim --version, the package's version.`;

/** Whether the arguments ask for help (`--help` or `-h` anywhere before a `--`). */
export function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}
