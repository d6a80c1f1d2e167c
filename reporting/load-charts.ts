import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { LatencyHistogram } from '../load/latency-histogram.ts';
import type { LoadResult } from '../load/load-result.ts';
import { comparisonOf } from '../load/nightly-comparison.ts';
import type { OperationHistory } from '../load/nightly-history.ts';
import { changeText } from './load-comparison-table.ts';

/**
 * Charts of a load run, rendered to SVG by vega-lite in Node (no browser, no canvas): response time and
 * service time by percentile, response time over the run (p50 and p99 per second), rate and status codes over
 * time; with a history, tonight against the previous run and the trend of p99 and error rate over the last
 * runs. Each is readable without the raw data.
 */

export interface LoadChart {
  name: string;
  svg: string;
}

const percentiles = [50, 75, 90, 95, 99, 99.9, 99.99, 100];

/**
 * Every chart's legends and titles whole: vega-lite cuts a legend label at 160 px by default ("response time (fro…").
 */
const chartConfig = { legend: { labelLimit: 0 }, title: { limit: 0 } } as const;

async function svgOf(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile({ ...spec, config: { ...chartConfig, ...spec.config } } as TopLevelSpec).spec), {
    renderer: 'none',
  });
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

const responseTimeName = 'response time (from due time)';
const serviceTimeName = 'service time (from send)';

/** The x axis of a chart over the run. */
const secondsAxis = {
  field: 'second',
  type: 'quantitative',
  title: 'seconds since start',
  axis: { tickMinStep: 1, format: 'd' },
} as const;

type Seconds = ReturnType<typeof secondsFromStart>;

export async function loadCharts(result: LoadResult, history?: OperationHistory): Promise<LoadChart[]> {
  const title = (what: string) => `${result.scenario}: ${what}`;
  const seconds = secondsFromStart(result);
  const specs: [string, TopLevelSpec][] = [
    ['latency percentiles', percentilesSpec(result, title('response time and service time by percentile (ms)'))],
    [
      'latency over time',
      latencyOverTimeSpec(seconds, title('response time over the run, p50 and p99 per second (ms)')),
    ],
    ['rate over time', rateSpec(seconds, title('responses per second (the last second may be partial)'))],
    ['status codes over time', statusesSpec(seconds, title('responses per second by status'))],
  ];
  const charts: LoadChart[] = [];
  for (const [name, spec] of specs) charts.push({ name, svg: await svgOf(spec) });
  return [...charts, ...(history ? await historyCharts(result.scenario, history) : [])];
}

/** Response time and service time side by side at each percentile. */
function percentilesSpec(result: LoadResult, title: string): TopLevelSpec {
  const responseTime = LatencyHistogram.decode(result.latencyHistogram);
  // A result written before service time was kept: its one figure is both.
  const serviceTime = LatencyHistogram.decode(result.serviceTimeHistogram ?? result.latencyHistogram);
  const latency = percentiles.flatMap((percentile) => {
    const label = percentile === 100 ? 'max' : `p${percentile}`;
    return [
      { percentile: label, figure: responseTimeName, ms: responseTime.at(percentile) },
      { percentile: label, figure: serviceTimeName, ms: serviceTime.at(percentile) },
    ];
  });
  const figures = [responseTimeName, serviceTimeName];
  return {
    title,
    width: 480,
    height: 240,
    data: { values: latency },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: { field: 'percentile', type: 'ordinal', sort: null, title: 'percentile', axis: { labelAngle: 0 } },
      xOffset: { field: 'figure', type: 'nominal', sort: figures },
      y: { field: 'ms', type: 'quantitative', title: 'latency (ms)' },
      color: { field: 'figure', type: 'nominal', sort: figures, title: null, legend: { orient: 'top' } },
    },
  };
}

/** p50 and p99 of each second's response times. */
function latencyOverTimeSpec(seconds: Seconds, title: string): TopLevelSpec {
  const overTime = seconds.flatMap(({ second, responseTime: encoded }) => {
    if (!encoded) return [];
    const histogram = LatencyHistogram.decode(encoded);
    return [
      { second, percentile: 'p50', ms: histogram.at(50) },
      { second, percentile: 'p99', ms: histogram.at(99) },
    ];
  });
  return {
    title,
    width: 480,
    height: 240,
    data: { values: overTime },
    mark: { type: 'line', point: true, tooltip: true },
    encoding: {
      x: secondsAxis,
      y: { field: 'ms', type: 'quantitative', title: 'response time (ms)' },
      color: { field: 'percentile', type: 'nominal', title: null, legend: { orient: 'top' } },
    },
  };
}

/** Responses per second. */
function rateSpec(seconds: Seconds, title: string): TopLevelSpec {
  const rate = seconds.map(({ second, statuses, errors }) => ({
    second,
    responses: Object.values(statuses).reduce((a, b) => a + b, 0),
    errors,
  }));
  return {
    title,
    width: 480,
    height: 240,
    data: { values: rate },
    mark: { type: 'line', point: true },
    encoding: { x: secondsAxis, y: { field: 'responses', type: 'quantitative', title: 'rate (req/s)' } },
  };
}

/** Each second's responses stacked by status, with the requests that got none and those not sent. */
function statusesSpec(seconds: Seconds, title: string): TopLevelSpec {
  const statuses = seconds.flatMap(({ second, statuses: counts, errors, dropped }) => [
    ...Object.entries(counts).map(([status, count]) => ({ second, status, count })),
    ...(errors ? [{ second, status: 'no response', count: errors }] : []),
    ...(dropped ? [{ second, status: 'dropped (not sent)', count: dropped }] : []),
  ]);
  return {
    title,
    width: 480,
    height: 240,
    data: { values: statuses },
    mark: 'bar',
    encoding: {
      x: { field: 'second', type: 'ordinal', title: 'seconds since start', axis: { labelAngle: 0 } },
      y: { field: 'count', type: 'quantitative', stack: 'zero', title: 'responses (req/s)' },
      color: { field: 'status', type: 'nominal', title: 'status' },
    },
  };
}

/** Tonight against the previous run (when there is one), and p99 and error rate over the last runs. */
async function historyCharts(scenario: string, history: OperationHistory): Promise<LoadChart[]> {
  const versus = versusPreviousSpec(scenario, history);
  return [
    ...(versus ? [{ name: 'versus previous run', svg: await svgOf(versus) }] : []),
    { name: 'trend over the last runs', svg: await svgOf(trendSpec(scenario, history)) },
  ];
}

/** Each figure of tonight beside the previous run's, the change in its panel's title; none without a previous run. */
function versusPreviousSpec(scenario: string, history: OperationHistory): TopLevelSpec | undefined {
  const { previous, tonight } = history;
  if (!previous) return undefined;
  // A figure the previous run did not keep (p95 before it was) has no pair of bars to show.
  const compared = comparisonOf(history).figures.filter((figure) => figure.previous !== undefined);
  const titleOf = (figure: (typeof compared)[number]) => `${figure.name} (${figure.unit}): ${changeText(figure) ?? ''}`;
  const values = compared.flatMap((figure) => {
    const title = titleOf(figure);
    return [
      { figure: title, run: `previous (${previous.runAt.slice(0, 16)})`, value: figure.previous ?? 0 },
      { figure: title, run: `tonight (${tonight.runAt.slice(0, 16)})`, value: figure.tonight ?? 0 },
    ];
  });
  return {
    title: `${scenario}: tonight against the previous run (change in each panel's title)`,
    data: { values },
    // The panels in the tables' order (rate, p50, p95, p99, error rate), not alphabetical.
    facet: { column: { field: 'figure', type: 'nominal', title: null, sort: compared.map(titleOf) } },
    spec: {
      width: 95,
      height: 200,
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: 'run', type: 'nominal', title: null, axis: { labels: false } },
        // '~r': a panel of zeros (no error either night) reads 0, not 0.000000, and 120 reads 120, not 1.2e+2.
        y: { field: 'value', type: 'quantitative', title: null, axis: { format: '~r' } },
        color: { field: 'run', type: 'nominal', title: null, legend: { orient: 'bottom' } },
      },
    },
    resolve: { scale: { y: 'independent' } },
  };
}

/** p99 and error rate of the last runs, tonight last. */
function trendSpec(scenario: string, history: OperationHistory): TopLevelSpec {
  const trend = history.trend.map((run, index) => ({
    run: index + 1,
    at: run.runAt.slice(0, 16),
    p99: run.p99,
    errorRate: run.errorRate * 100,
  }));
  const axis = {
    field: 'run',
    type: 'quantitative',
    title: `run (last ${trend.length}, tonight last)`,
    axis: { tickMinStep: 1, format: 'd' },
  } as const;
  return {
    title: `${scenario}: p99 and error rate over the last ${trend.length} run(s)`,
    data: { values: trend },
    vconcat: [
      {
        width: 480,
        height: 150,
        mark: { type: 'line', point: true, tooltip: true },
        encoding: { x: axis, y: { field: 'p99', type: 'quantitative', title: 'p99 response time (ms)' } },
      },
      {
        width: 480,
        height: 110,
        mark: { type: 'line', point: true, color: '#c0392b', tooltip: true },
        encoding: { x: axis, y: errorRateAxis(trend.map((run) => run.errorRate)) },
      },
    ],
  };
}

/**
 * The error-rate axis in percent. When every run had no error the domain would collapse to a point and its
 * ticks read 0.000000: the axis then spans 0 to 1 % so a flat line at 0 reads as such.
 */
function errorRateAxis(percents: number[]) {
  const allZero = percents.every((percent) => percent === 0);
  return {
    field: 'errorRate',
    type: 'quantitative',
    title: 'error rate (%)',
    scale: { domainMin: 0, ...(allZero ? { domainMax: 1 } : {}) },
    axis: { format: '~r' },
  } as const;
}
