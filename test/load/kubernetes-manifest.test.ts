import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseSegment } from '../../load/segment.ts';
import { runFolderName } from '../../load/segment-folders.ts';
import { families } from '../../families/index.ts';
import { targetsFileSchemaFor } from '../../targets/schema.ts';

/**
 * The Kubernetes example (examples/kubernetes/) checked against the Kubernetes API schemas by kubernetes-models
 * (each object's validate() runs the OpenAPI schema of its kind), then for what the harness needs of it: an
 * Indexed Job whose index is the segment, a merge Job on the same volume, a targets file the harness reads.
 */
const models = 'kubernetes-models';
const loaded = await Promise.all([import(`${models}/v1`), import(`${models}/batch/v1`)]).catch((error: Error) => error);
const unavailable =
  loaded instanceof Error
    ? `${models} is not installed (a devDependency): ${loaded.message.split('\n')[0]}`
    : undefined;
if (unavailable) console.warn(`kubernetes manifest test skipped: ${unavailable}`);

interface Validating {
  validate(): void;
}
type Model = new (data: unknown) => Validating;

const manifest = (name: string) =>
  parseAllDocuments(
    readFileSync(fileURLToPath(new URL(`../../examples/kubernetes/${name}`, import.meta.url)), 'utf8'),
  ).map((document) => document.toJS() as Record<string, any>);

describe.skipIf(unavailable !== undefined)('the Kubernetes example: an Indexed Job of segments and a merge Job', () => {
  const [core, batch] = (loaded instanceof Error ? [{}, {}] : loaded) as [Record<string, Model>, Record<string, Model>];
  const modelOf = (object: Record<string, any>) => (object.apiVersion === 'v1' ? core : batch)[object.kind] as Model;
  const objects = [...manifest('nightly-load.yaml'), ...manifest('nightly-merge.yaml')];

  test("every object is valid against its kind's Kubernetes schema, and a broken one is not", () => {
    expect(objects.map((object) => `${object.apiVersion} ${object.kind}`)).toEqual([
      'v1 PersistentVolumeClaim',
      'v1 ConfigMap',
      'batch/v1 Job',
      'batch/v1 Job',
    ]);
    for (const object of objects)
      expect(() => new (modelOf(object))(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    const job = objects[2] as Record<string, any>;
    expect(() => new (modelOf(job))({ ...job, spec: { ...job.spec, completions: 'three' } }).validate()).toThrow();
    expect(() =>
      new (modelOf(job))({
        ...job,
        spec: { ...job.spec, template: { spec: { ...job.spec.template.spec, restartPolicy: 'Sometimes' } } },
      }).validate(),
    ).toThrow();
  });

  test('the Indexed Job gives each pod its segment of N = completions, a run id of the Job, the shared volume; the merge Job reads that volume', () => {
    const [, config, segments, merge] = objects as Record<string, any>[];
    expect(segments?.spec).toMatchObject({ completionMode: 'Indexed', completions: 3, parallelism: 3 });
    // A failed pod is retried within a limit per segment, so one failure neither hangs the Job nor ends the night;
    // an eviction does not count, and exit 2 (a configuration error a retry would meet again) fails its index at once.
    expect(segments?.spec.backoffLimitPerIndex).toBeGreaterThan(0);
    expect(segments?.spec.backoffLimit ?? 1).toBeGreaterThan(0);
    expect(segments?.spec.podFailurePolicy.rules).toEqual([
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
      { action: 'FailIndex', onExitCodes: { containerName: 'segment', operator: 'In', values: [2] } },
    ]);
    expect(segments?.spec.template.spec.restartPolicy).toBe('Never');
    const container = segments?.spec.template.spec.containers[0];
    const args: string[] = container.args;
    const segment = args[args.indexOf('--segment') + 1] as string;
    expect(segment).toBe(`index:$(JOB_COMPLETION_INDEX)/${segments?.spec.completions}`);
    // What Kubernetes makes of it for each index: segments 1..N, each once.
    expect(
      [0, 1, 2].map((index) => parseSegment(segment.replace('$(JOB_COMPLETION_INDEX)', String(index))).index),
    ).toEqual([1, 2, 3]);
    expect(args[args.indexOf('--run-id') + 1]).toBe('$(RUN_ID)');
    expect(container.env.map((variable: { name: string }) => variable.name)).toEqual([
      'JOB_COMPLETION_INDEX',
      'RUN_ID',
    ]);
    const claim = (job: Record<string, any>) =>
      job.spec.template.spec.volumes.find((volume: { persistentVolumeClaim?: unknown }) => volume.persistentVolumeClaim)
        .persistentVolumeClaim.claimName;
    expect(claim(segments as Record<string, any>)).toBe(objects[0]?.metadata.name);
    expect(claim(merge as Record<string, any>)).toBe(objects[0]?.metadata.name);
    const reports = args[args.indexOf('--reports') + 1];
    // The merge reads the folder of this run alone (named by its id, the segments Job's uid), never earlier nights'.
    const mergeContainer = merge?.spec.template.spec.containers[0];
    expect(mergeContainer.args.slice(0, 3)).toEqual(['load', 'merge', `${reports}/load/nightly/$(RUN_ID)`]);
    expect(mergeContainer.env).toEqual([
      { name: 'RUN_ID', valueFrom: { configMapKeyRef: { name: 'harness-nightly-run', key: 'run-id' } } },
    ]);
    expect(runFolderName('0b6b8f44-3f2e-4c1a-9d7e-5a1f2c3b4d5e')).toBe('0b6b8f44-3f2e-4c1a-9d7e-5a1f2c3b4d5e');
    // The targets file in the ConfigMap is one the harness reads.
    expect(targetsFileSchemaFor(families()).safeParse(JSON.parse(config?.data['targets.json'])).success).toBe(true);
  });
});
