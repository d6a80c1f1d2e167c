import { type K6Metric, k6Metrics } from './k6-samples.ts';
import { SampleFileOutput, type SampleLineFormat } from './sample-file-output.ts';

/*
 * `--out json=FILE`: k6's JSON lines. A metric is declared once by a `Metric` line before its first sample, then one
 * `Point` line a sample:
 *   {"type":"Metric","metric":"http_reqs","data":{"name":"http_reqs","type":"counter","contains":"default","thresholds":[],"submetrics":null}}
 *   {"type":"Point","metric":"http_reqs","data":{"time":"2026-05-01T02:00:01.000Z","value":1,"tags":{"run_id":"…","status":"200",…}}}
 */

/** The JSON lines format; it remembers which metrics it has declared. */
export function k6JsonLines(): SampleLineFormat {
  const declared = new Set<K6Metric>();
  return {
    lines(batch) {
      let text = '';
      for (const sample of batch) {
        if (!declared.has(sample.metric)) {
          declared.add(sample.metric);
          const data = { name: sample.metric, ...k6Metrics[sample.metric], thresholds: [], submetrics: null };
          text += `${JSON.stringify({ type: 'Metric', metric: sample.metric, data })}\n`;
        }
        const data = { time: new Date(sample.time).toISOString(), value: sample.value, tags: sample.tags };
        text += `${JSON.stringify({ type: 'Point', metric: sample.metric, data })}\n`;
      }
      return text;
    },
  };
}

export const jsonOutput = (description: string, path: string) => new SampleFileOutput(description, path, k6JsonLines());
