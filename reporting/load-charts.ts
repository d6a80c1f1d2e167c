import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { LatencyHistogram } from '../load/latency-histogram.ts';
import type { LoadResult } from '../load/load-result.ts';

/**
 * Charts of a load run, rendered to SVG by vega-lite in Node (no browser, no canvas): latency percentiles,
 * rate over time and status codes over time, each readable without the raw data.
 */

export interface LoadChart {
  name: string;
  svg: string;
}

const percentiles = [50, 75, 90, 95, 99, 99.9, 99.99, 100];

async function svgOf(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Seconds since the run's first second, so a chart's axis starts at 0 whatever the clock said. */
function secondsFromStart(result: LoadResult) {
  const first = result.perSecond[0]?.at ?? 0;
  return result.perSecond.map((second) => ({ ...second, second: second.at - first }));
}

export async function loadCharts(result: LoadResult): Promise<LoadChart[]> {
  const histogram = LatencyHistogram.decode(result.latencyHistogram);
  const title = (what: string) => `${result.scenario}: ${what}`;
  const latency = percentiles.map((percentile) => ({ percentile: percentile === 100 ? 'max' : `p${percentile}`, ms: histogram.at(percentile) }));
  const seconds = secondsFromStart(result);
  const rate = seconds.map(({ second, statuses, errors }) => ({ second, responses: Object.values(statuses).reduce((a, b) => a + b, 0), errors }));
  const statuses = seconds.flatMap(({ second, statuses: counts, errors }) => [
    ...Object.entries(counts).map(([status, count]) => ({ second, status, count })),
    ...(errors ? [{ second, status: 'no response', count: errors }] : []),
  ]);
  return [
    {
      name: 'latency percentiles',
      svg: await svgOf({
        title: title('latency by percentile (ms)'),
        width: 480,
        height: 240,
        data: { values: latency },
        mark: { type: 'bar', tooltip: true },
        encoding: {
          x: { field: 'percentile', type: 'ordinal', sort: null, title: 'percentile' },
          y: { field: 'ms', type: 'quantitative', title: 'latency (ms)' },
        },
      }),
    },
    {
      name: 'rate over time',
      svg: await svgOf({
        title: title('responses per second (the last second may be partial)'),
        width: 480,
        height: 240,
        data: { values: rate },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'second', type: 'quantitative', title: 'seconds since start', axis: { tickMinStep: 1, format: 'd' } },
          y: { field: 'responses', type: 'quantitative', title: 'responses per second' },
        },
      }),
    },
    {
      name: 'status codes over time',
      svg: await svgOf({
        title: title('responses per second by status'),
        width: 480,
        height: 240,
        data: { values: statuses },
        mark: 'bar',
        encoding: {
          x: { field: 'second', type: 'ordinal', title: 'seconds since start' },
          y: { field: 'count', type: 'quantitative', stack: 'zero', title: 'responses' },
          color: { field: 'status', type: 'nominal', title: 'status' },
        },
      }),
    },
  ];
}
