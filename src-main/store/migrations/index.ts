import type Database from 'better-sqlite3';
import { applyMigrations, type Migration } from '../migrate';
import { m001Initial } from './001-initial';
import { m002SessionsSettings } from './002-sessions-settings';
import { m003Integrator } from './003-integrator';
import { m004ElementsIpp } from './004-elements-ipp';
import { m005AfterPurchase } from './005-after-purchase';
import { m006ExchangeBodies } from './006-exchange-bodies';
import { m007Shipping } from './007-shipping';
import { m008LogOwnFile } from './008-log-own-file';
import { m009PushSchedule } from './009-push-schedule';
import { m010TestClocks } from './010-test-clocks';
import { m011PushWire } from './011-push-wire';

/** Every migration of the simulator's file (simulator.db), in order. Append; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  m001Initial,
  m002SessionsSettings,
  m003Integrator,
  m004ElementsIpp,
  m005AfterPurchase,
  m006ExchangeBodies,
  m007Shipping,
  m008LogOwnFile,
  m009PushSchedule,
  m010TestClocks,
  m011PushWire,
];

/**
 * Applies the simulator file's migrations not yet recorded in its `schema_migrations`, each in its own
 * transaction. The log is attached (as `log`) first: migration 008 writes into it.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  return applyMigrations(db, migrations);
}
