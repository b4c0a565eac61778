import { readSettings, writeSettings } from '../../store/settings.repo';
import type { Db } from '../../store/db';
import { isoAt, type Clock } from '../clock';
import { invalid } from '../errors';

/** How long an in-person session stays open before it expires, unless changed. */
export const DEFAULT_IPP_SESSION_TIMEOUT_MS = 5 * 60 * 1000;
/** The settings-table key; named like the other settings so SettingsSchema can adopt it as it is. */
export const IPP_SESSION_TIMEOUT_KEY = 'ipp_session_timeout_ms';
const MIN_MS = 1000;
const MAX_MS = 24 * 3600 * 1000;

/** The session timeout setting, kept in the settings table so it survives a restart. */
export class SessionTimeout {
  private ms: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    const stored = readSettings(db)[IPP_SESSION_TIMEOUT_KEY];
    this.ms = typeof stored === 'number' && valid(stored) ? stored : DEFAULT_IPP_SESSION_TIMEOUT_MS;
  }

  /** Read each time: `PUT /test_helpers/settings` and the console change the same settings row. */
  get(): number {
    const stored = readSettings(this.db)[IPP_SESSION_TIMEOUT_KEY];
    if (typeof stored === 'number' && valid(stored)) this.ms = stored;
    return this.ms;
  }

  /** Applies to sessions created from now on; open sessions keep the expiry time they were given. */
  set(ms: number): number {
    if (!valid(ms)) {
      throw invalid(
        [{ path: IPP_SESSION_TIMEOUT_KEY, message: `must be an integer from ${MIN_MS} to ${MAX_MS}` }],
        'VALIDATION_FAILED',
      );
    }
    writeSettings(this.db, { [IPP_SESSION_TIMEOUT_KEY]: ms }, isoAt(this.clock));
    this.ms = ms;
    return ms;
  }
}

const valid = (ms: number) => Number.isInteger(ms) && ms >= MIN_MS && ms <= MAX_MS;
