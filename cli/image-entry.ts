/**
 * Entry point of the reference target's container image (built by reference/image/build-image.ts; it lives in
 * cli/ because it is the CLI, and the reference never imports the CLI): the harness's own CLI,
 * bundled, whose image entrypoint runs `reference`. Only the reference's code is loaded when it runs; the
 * commands that need vitest or Allure are split into chunks the image never loads.
 */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
