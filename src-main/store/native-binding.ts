import path from 'node:path';

/*
 * better-sqlite3 is a native addon, and a build loads in one runtime only: the Node build (in
 * node_modules/better-sqlite3/build) fails in Electron and the Electron build fails in Node. Rebuilding
 * node_modules in place for Electron would break `npm test`, so the Electron build lives apart, in
 * `.native/electron-<version>-<platform>-<arch>/`, and is handed to better-sqlite3's `nativeBinding` option.
 * scripts/native-addon.mjs builds it and names the folder the same way (it cannot import this .ts file).
 */

/** The versions of the running process that matter for a native addon (a subset of `process.versions`). */
export interface NativeRuntime {
  /** Set only inside Electron. */
  electron?: string;
  node: string;
  /** The ABI version (NODE_MODULE_VERSION). */
  modules: string;
}

export interface PickNativeBindingInput {
  runtime: NativeRuntime;
  platform: string;
  arch: string;
  /** The project (app) folder that holds `.native/`. */
  root: string;
  exists: (file: string) => boolean;
  /** An explicit addon path (`CHECKOUT_SIM_NATIVE_BINDING`), which wins when given. */
  override?: string;
}

/**
 * `path` undefined with `ok: true` means "better-sqlite3's default build"; `ok: false` means no usable
 * build was found and `reason` tells the user what to do.
 */
export type NativeBindingPick =
  { ok: true; path?: string; reason: string } | { ok: false; path?: undefined; reason: string };

/** The folder (relative to the project root) of the better-sqlite3 build for one Electron version. */
export function electronAddonDir(root: string, electron: string, platform: string, arch: string): string {
  return path.join(root, '.native', `electron-${electron}-${platform}-${arch}`);
}

/** The better-sqlite3 addon file for one Electron version. */
export function electronAddonFile(root: string, electron: string, platform: string, arch: string): string {
  return path.join(electronAddonDir(root, electron, platform, arch), 'better_sqlite3.node');
}

/** Chooses which better-sqlite3 build to load in the running process; pure (file checks are injected). */
export function pickNativeBinding(input: PickNativeBindingInput): NativeBindingPick {
  const { runtime, platform, arch, root, exists, override } = input;
  if (override) {
    return exists(override)
      ? {
          ok: true,
          path: override,
          reason: `using the addon given by CHECKOUT_SIM_NATIVE_BINDING: ${override}`,
        }
      : { ok: false, reason: `CHECKOUT_SIM_NATIVE_BINDING names a file that does not exist: ${override}` };
  }
  if (!runtime.electron) {
    return {
      ok: true,
      reason: `Node ${runtime.node} (ABI ${runtime.modules}): using better-sqlite3's default build`,
    };
  }
  const file = electronAddonFile(root, runtime.electron, platform, arch);
  if (exists(file)) {
    return {
      ok: true,
      path: file,
      reason: `Electron ${runtime.electron} (ABI ${runtime.modules}): using ${file}`,
    };
  }
  return {
    ok: false,
    reason:
      `better-sqlite3 has no build for Electron ${runtime.electron} (ABI ${runtime.modules}, ${platform}-${arch}): ` +
      `${file} is missing. Run \`npm start\`, which builds it (or \`node scripts/native-addon.mjs\`).`,
  };
}
