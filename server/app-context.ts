import type { Config } from './config.ts';
import type { Db } from './db/database.ts';

/** What every route module is given: the database, the configuration and the server's version. */
export interface AppContext {
  db: Db;
  config: Config;
  /** The commit id the server was built from, or "unknown". */
  version: string;
}
