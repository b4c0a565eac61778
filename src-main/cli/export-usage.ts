// Apart from export.ts, so that the usage text (cli/usage.ts, read by every command) does not load the
// export command with it: main.ts loads that only when `export` runs.
export const EXPORT_USAGE = `Usage: checkout-sim export ORDER_ID --api URL [--username U --password P] [--out FILE]

Saves an order's journey as a scenario file (YAML): the order as the merchant created it, the customer's
steps with their input, the clock moves, the faults and settings, and expectations read from what
happened. An in-person session's id (the order it becomes) saves its device, the session the merchant
sent, the terminal actions and cancel with the clock moves between them. Run it with \`checkout-sim run\`
against the same merchant. Credentials and customer tokens never appear in it.
  --api URL              the simulator that saw the order (its provider API)
  --username/--password  that simulator's credentials (default merchant / secret); --user is --username
  --out FILE             write the file there (default: stdout)
Exit codes: 0 saved; 1 the simulator refused (an unknown order) or did not answer;
2 a usage error.`;
