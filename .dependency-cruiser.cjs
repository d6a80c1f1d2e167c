/**
 * Dependencies point one way (DESIGN.md, "The pipeline, one folder a stage"): a stage imports only the stages
 * below it, so a rule never learns how it is checked, a check never generates, and a report reads outcomes
 * without reaching into the suites that made them. `npm run lint:deps` (part of `npm test`) fails on an
 * import that runs the other way, type-only imports included, and on any import cycle.
 *
 * The order, bottom first, and why:
 * - core: what every stage uses and no stage owns: the harness's errors with their stable codes, redaction of
 *   secrets, the bounded JSON guards, the threshold grammar, did-you-mean; it imports nothing of ours.
 * - rules, adapters: what the spec says (rule ids, record schemas, the outcome of judging a rule) and the
 *   payload dialects a target may speak; they know no HTTP, no check, no target entry.
 * - generators: fast-check values derived from the rules; they never do HTTP and never judge.
 * - targets: the target entry's sections and launching a target; a section may name an adapter. Secrets enter
 *   here (the entry's ${VAR}s), and so does the redaction that keeps them out of every output.
 * - client: HTTP for a target (auth, capture, evidence), opened from a target section; it generates nothing.
 * - engine: from what a check, a walk or a sequence found to the rule's outcome: the findings they throw, the one
 *   ordered resolution, and the vitest adapter (ruleTest) over it. It knows no check and no family: a family hands
 *   its rule tests their check table.
 * - checks: one function per property of what the client captured; checks never generate.
 * - load: scenarios and probes built from checks, the client and generators.
 * - suites: vitest files that wire generators, client, checks and load, nothing else.
 * - reporting: consumes outcomes (rules/rule-outcome.ts) and load results, with what those are made of;
 *   never the suites or the families.
 * - reference: the bundled target, built from rules, client records, target sections and generators; it
 *   takes the families' parts as a parameter instead of importing the registry, and never the CLI.
 * - families: one module per family joins its parts of every stage; the registry and what is derived from
 *   it (the targets.json schema) live here.
 * - run: a run's orchestration (the target started, the families' sessions, the vitest runner and its schedule,
 *   the run's record, stop and deadline), under the commands that start runs; it never imports a command.
 * - cli, bin: the commands over everything. bench/ and test/ may import anything.
 *
 * A stage is its own folder and its part in each family's folder (`familyParts` below): a family's entry section,
 * client, checks and load part live under suites/<f>/, its adapters under rules/<f>/, and keep their stage's place.
 */

/** What the families' modules may import: every stage of the pipeline they join. */
const familiesMayImport = [
  'reference',
  'reporting',
  'suites',
  'load',
  'checks',
  'engine',
  'client',
  'generators',
  'targets',
  'rules',
  'adapters',
];

/** Each stage and the stages it may import besides itself (the lower ones, spelled out). */
const ownStages = {
  core: [],
  rules: [],
  adapters: [],
  generators: ['rules', 'adapters'],
  targets: ['rules', 'adapters'],
  client: ['targets', 'rules', 'adapters'],
  engine: ['client', 'generators', 'targets', 'rules', 'adapters'],
  checks: ['engine', 'client', 'targets', 'rules', 'adapters'],
  load: ['checks', 'engine', 'client', 'generators', 'targets', 'rules', 'adapters'],
  suites: ['load', 'checks', 'engine', 'client', 'generators', 'targets', 'rules', 'adapters'],
  reporting: ['load', 'checks', 'engine', 'client', 'generators', 'targets', 'rules', 'adapters'],
  reference: ['client', 'generators', 'targets', 'rules', 'adapters'],
  families: familiesMayImport,
  // The run's orchestration: the registry and everything under it.
  run: ['families', ...familiesMayImport],
};
/** core/ is below every stage: each may import it. */
const stages = Object.fromEntries(
  Object.entries(ownStages).map(([stage, allowed]) => [stage, stage === 'core' ? allowed : [...allowed, 'core']]),
);

/**
 * The built-in families' folders inside each stage, read from the registry (families/index.ts): each family listed in
 * `builtInFamilies` is imported there from `./<name>.ts`, and its folders bear that name. A test
 * (test/ci/dependency-rules.test.ts) holds this list against the registry's names.
 */
const familyFolders = (() => {
  const registry = require('node:fs').readFileSync(require('node:path').join(__dirname, 'families/index.ts'), 'utf8');
  const listed = /builtInFamilies = \[([^\]]*)\]/.exec(registry)?.[1] ?? '';
  const imports = [...registry.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\.ts';/g)];
  return imports.filter(([, name]) => new RegExp(`\\b${name}\\b`).test(listed)).map(([, , file]) => file);
})();

const projectFolders = [
  'adapters',
  'core',
  'bench',
  'bin',
  'checks',
  'cli',
  'client',
  'engine',
  'families',
  'generators',
  'load',
  'reference',
  'reporting',
  'rules',
  'run',
  'suites',
  'targets',
  'test',
];
const folderPattern = (folders) => `^(${folders.join('|')})/`;

/**
 * A family's part of a stage lives in the family's folder of another stage (docs/architecture.md, "Layout"): its entry
 * section, client, checks and load part under suites/<f>/, its adapters under rules/<f>/. Stage -> [home, subfolder].
 */
const familyParts = {
  adapters: ['rules', 'adapters'],
  targets: ['suites', 'entry'],
  client: ['suites', 'client'],
  checks: ['suites', 'checks'],
  load: ['suites', 'load'],
};
const familyNames = `(${familyFolders.join('|')})`;
/** The files of one stage: its own folder, less the family parts of other stages it hosts, plus its own family parts. */
const stagePattern = (stage) => {
  const hosted = Object.values(familyParts)
    .filter(([home]) => home === stage)
    .map(([, subfolder]) => subfolder);
  const own = hosted.length ? `^${stage}/(?!${familyNames}/(${hosted.join('|')})/)` : `^${stage}/`;
  const part = familyParts[stage];
  return part ? `${own}|^${part[0]}/${familyNames}/${part[1]}/` : own;
};
const stagesPattern = (names) => names.map(stagePattern).join('|');

/** One rule a stage, named after it, so a violation says which stage an import climbed out of. */
const stageRules = Object.entries(stages).map(([stage, allowed]) => ({
  name: `${stage}-imports-only-lower-stages`,
  comment: `${stage}/ (with its family parts) may import only ${allowed.length ? allowed.join(', ') : 'itself'} (see the order at the top of .dependency-cruiser.cjs)`,
  severity: 'error',
  from: { path: stagePattern(stage) },
  to: { path: folderPattern(projectFolders), pathNot: stagesPattern([stage, ...allowed]) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...stageRules,
    {
      name: 'every-folder-has-a-stage',
      comment:
        'A new top-level folder takes its place in `stages` (or projectFolders) before it imports or is imported.',
      severity: 'error',
      from: { path: '^[^./][^/]*/', pathNot: folderPattern(projectFolders) },
      to: {},
    },
    {
      name: 'imports-only-placed-folders',
      comment: 'An import into a top-level folder that has no place in the stage order.',
      severity: 'error',
      from: {},
      to: { path: '^[^./][^/]*/', pathNot: `${folderPattern(projectFolders)}|node_modules` },
    },
    {
      name: 'shared-files-know-no-family',
      comment:
        "A stage's shared files (its top-level files: the load engine, the HTTP client core, the shared checks) serve every family and name none: a family's part lives in its own folder and is reached through the registry.",
      severity: 'error',
      from: { path: '^(rules|generators|client|checks|load|suites|reporting)/[^/]+\\.ts$' },
      to: { path: `^[a-z]+/(${familyFolders.join('|')})/` },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one concern in two files: move what both need to the lower one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The whole tree is cruised (`depcruise .`), so a new folder is seen (and must be placed); outputs and
    // packages are not ours.
    exclude: { path: '(^|/)node_modules/|^reports/|^\\.tmp/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are arrows too: a type that climbs up a stage couples the stages all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages resolve through their `exports` as node and tsx load them (vitest/node, tsx/esm/api).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
