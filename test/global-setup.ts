// Builds hooks/ once, before any test file starts, so the tests that spawn the bundles test the
// current source and never race a rebuild running in another worker. (CI builds and compares first.)
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
}
