/** How the harness's own container image is named and started (see build-harness-image.ts). */
export const harnessImage = {
  tag: 'harness:local',
  /** The CLI (bin/harness.js) behind an entry that expands $(VAR) in its arguments (see entry.js). */
  entrypoint: ['/usr/local/bin/node', '/app/cli/harness-image/entry.js'],
  defaultCommand: ['--help'],
  /** Where a run's targets file and reports folder are mounted: the CLI's defaults point there (WORKDIR). */
  workdir: '/work',
} as const;
