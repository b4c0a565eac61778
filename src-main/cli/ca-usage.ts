// Apart from ca.ts, so that the usage text (cli/usage.ts, read by every command) does not load node-forge.
export const CA_USAGE = `Usage: checkout-sim ca [--data-dir DIR]

Prints the file of the local CA certificate that \`serve --tls\` signs its certificates with, creating the
CA first if the data folder has none (the same folder as serve's: --data-dir, default the per-user
app-data folder). Trust it once: NODE_EXTRA_CA_CERTS=FILE for Node, curl --cacert FILE, or
keytool -importcert -file FILE for a JVM truststore.`;
