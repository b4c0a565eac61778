import type { OpOutput } from '@shared/contract/control';

/** What the shell says about itself (`app.info` without the version and credentials): mode, data folder, URLs. */
export type RuntimeInfo = Omit<OpOutput<'app.info'>, 'version' | 'credentials'>;
