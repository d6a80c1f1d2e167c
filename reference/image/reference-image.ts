/** How the reference target's container image is named and started (see build-image.ts). */
export const referenceImage = {
  tag: 'harness-reference:local',
  entrypoint: ['/usr/local/bin/node', '/app/entry.mjs', 'reference'],
  /** Listens on every interface of the container, on 8080, every family's reference in its default mode. */
  defaultCommand: ['--host', '0.0.0.0', '--port', '8080'],
} as const;
