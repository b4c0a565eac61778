import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { LOG_MIGRATIONS } from './log-migrations';
import { migrationDigests } from './test-kit/migration-sql';
import { removeTempFolders } from './test-kit/main-files';

afterEach(removeTempFolders);

/*
 * The SHA-256 of the SQL each released migration hands SQLite. A file already built by a migration is
 * never built again, so an edit to a released one would leave old and new files of the same number with
 * different layouts (and the fixtures of old layouts, which rerun the migrations, would lie): change the
 * layout with a new migration instead. A new migration gets its line here when it is released.
 */
const RELEASED_MAIN: Record<number, string> = {
  1: '72742de75842d768f9e0c3ad8e7fe5ecf54bb5c42e7285545f45d577ecb3487a',
  2: 'ef48833c0b13ab2dd18bf6b4fdf3bd41bac0535bf3546c3215187694b6596b87',
  3: '52901d49e7279d151cdf1a56297b77549e3c174df640ced53bed134200c5b832',
  4: 'f4f22116de7b7a7440ed769aaa43337ff2e01a867396b544ca427827dc75f905',
  5: '847c6c191f8b0d613d50261382d12236ad0b324d91519bba22dd48b27cbf0834',
  6: 'aabe6ac9ee9642069709319e363dcb0e01b072b27a8a16affd5565134f683ac9',
  7: 'cb3129befb4071e3d9673698979ea4e629ef24c2200777a4b2b0f4504a4601a0',
  8: '9633c6fd3820ec3050203d6b29b6d64f29cc604ac5085140f5f834ae22abefde',
  9: 'aa95ebfb3c7af6c7e16367a84f6ed9a46c693cdffde7d5a8a47a99ecacca864c',
  10: '020f623ad9ea4ec00d964d9472a35ff6070b056fd1a07f25e2c2adf6b0eccfb0',
  11: '19f62400e5e887d4d74ba793a664b1749bd696923d6d22d22408e03e3b718fc4',
};
const RELEASED_LOG: Record<number, string> = {
  1: '5f29226a163492bf49146395d6c90dc1867ebb2c666c97fd9346ce008e1bbecf',
  2: '682d10b3caf2a2765654302e1811ec9a3a21f4fd42da3e79284280501b257d35',
  3: '0b85ef0a5935cd048979b8e5703d03f314ec8c44b28c77d64bff7c63f9de60a6',
  4: 'f8bcb44986e1b934b3a8f72a0ab4424bb6e5e818aa4bec1a379c1ab5d74db4b6',
};

describe('released migrations', () => {
  it("of the simulator's file hand SQLite the SQL they were released with", () => {
    expect(migrationDigests(MIGRATIONS)).toEqual(RELEASED_MAIN);
  });

  it("of the log's file hand SQLite the SQL they were released with", () => {
    expect(migrationDigests(LOG_MIGRATIONS, false)).toEqual(RELEASED_LOG);
  });
});
