import { APP_DIR_NAME } from '@shared/schemas/config.schema';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The OS's per-user app-data folder, the same one Electron's app.getPath('userData') gives. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_DIR_NAME);
}
