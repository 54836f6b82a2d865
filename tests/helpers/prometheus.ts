/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line is a
 * `# HELP`, a `# TYPE` or a sample of a declared family, label values are properly escaped,
 * values are numbers; anything else throws with the line. Used by the metrics tests.
 */
export type Sample = {
  name: string;
  labels: Record<string, string>;
  value: number;
};

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const VALUE =
  '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[Ii][Nn][Ff]|[Nn][Aa][Nn])'; // Go's ParseFloat, as Prometheus reads it
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,(?:${LABEL}))*)?,?\\})? (${VALUE})(?: -?\\d+)?$`,
);
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(
  `^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`,
);
const LABEL_PAIR = new RegExp(
  `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`,
  'g',
);

const SUFFIXES: Record<string, string[]> = {
  counter: ['', '_total', '_created'],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
};

export const parsePrometheusText = (text: string): Sample[] => {
  if (!text.endsWith('\n'))
    throw new Error('the exposition must end with a newline');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const type = TYPE.exec(line);
    if (type) {
      const [, name = '', kind = ''] = type;
      if (types.has(name)) throw new Error(`TYPE given twice: ${line}`);
      types.set(name, kind);
      continue;
    }
    if (HELP.test(line)) continue;
    if (line.startsWith('#'))
      throw new Error(`not a HELP or TYPE line: ${line}`);
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name = '', labelText = '', value = ''] = sample;
    const family = [...types.entries()].find(([base, kind]) =>
      (SUFFIXES[kind] ?? ['']).some((suffix) => `${base}${suffix}` === name),
    );
    if (!family) throw new Error(`a sample of no declared family: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = '', raw = ''] of labelText.matchAll(LABEL_PAIR))
      labels[key] = raw.replace(/\\(["\\n])/g, (_m, c: string) =>
        c === 'n' ? '\n' : c,
      );
    if (
      family[1] === 'histogram' &&
      name.endsWith('_bucket') &&
      !('le' in labels)
    )
      throw new Error(`a histogram bucket without le: ${line}`);
    samples.push({
      name,
      labels,
      value: /inf$/i.test(value)
        ? value.startsWith('-')
          ? -Infinity
          : Infinity
        : /^nan$/i.test(value)
          ? NaN
          : Number(value),
    });
  }
  return samples;
};

/** The sum of the samples of one name whose labels include `labels`. */
export const sampleSum = (
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
) =>
  samples
    .filter(
      (s) =>
        s.name === name &&
        Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    )
    .reduce((sum, s) => sum + s.value, 0);
