/** How the harness's own container image is named and started (see build-harness-image.ts). */
export const harnessImage = {
  tag: 'harness:local',
  /** The project the packed harness is installed into as a dependency, as a team installs it. */
  appFolder: 'app',
  /**
   * The installed package's CLI (bin/harness.js) behind an entry that expands $(VAR) in its arguments (see entry.js).
   */
  entrypoint: ['/usr/local/bin/node', '/app/node_modules/api-conformance-harness/cli/harness-image/entry.js'],
  defaultCommand: ['--help'],
  /** Where a run's targets file and reports folder are mounted: the CLI's defaults point there (WORKDIR). */
  workdir: '/work',
} as const;
