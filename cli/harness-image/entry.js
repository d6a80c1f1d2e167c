// Entry point of the harness's container image (built by build-harness-image.ts): the CLI, after expanding
// $(NAME) in its arguments from the environment, the way Kubernetes expands a container's args. An orchestrator
// that templates only environment variables (Docker Swarm's --env SEGMENT={{.Task.Slot}}/3) can so hand each
// replica its own argument: `harness load nightly --segment '$(SEGMENT)'`. A name not set stays as written (and
// the option then says what is wrong with it). Plain JavaScript: it runs before bin/harness.js loads the CLI.
const reference = /\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g;
process.argv = process.argv.map((arg, at) =>
  at < 2 ? arg : arg.replace(reference, (written, name) => process.env[name] ?? written),
);
await import('../../bin/harness.js');
