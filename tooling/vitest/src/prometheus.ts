import parsePrometheusTextFormat, { type TPrometheusFamily } from './prometheus-parser.js';

export type TScrape = {
  families: TPrometheusFamily[];
  /** The family's type (COUNTER, GAUGE, HISTOGRAM…), or undefined when the scrape lacks it. */
  typeOf(name: string): string | undefined;
  /**
   * The sum over the series `name` whose labels include `labels` (a histogram's observations are
   * its `<name>_count` series); 0 when none matches, as a counter never incremented reads.
   */
  value(name: string, labels?: Record<string, string>): number;
  /** Every label set the series `name` carries. */
  labelSets(name: string): Record<string, string>[];
};

/**
 * Parses a `/metrics` answer with a Prometheus text-format parser (which throws on a line it
 * cannot read). The parser folds a labelled histogram's series into one label-less sample, so the
 * values are read from a second pass without the TYPE lines, where each series keeps its labels.
 */
export function parsePrometheusText(text: string): TScrape {
  const families = parsePrometheusTextFormat(text);
  const series = parsePrometheusTextFormat(
    text
      .split('\n')
      .filter((line) => !line.startsWith('# TYPE '))
      .join('\n'),
  );
  const samples = (name: string) => series.find((candidate) => candidate.name === name)?.metrics ?? [];

  return {
    families,
    typeOf: (name) => families.find((family) => family.name === name)?.type,
    value(name, labels = {}) {
      return samples(name)
        .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
        .reduce((total, sample) => total + Number(sample.value ?? 0), 0);
    },
    labelSets: (name) => samples(name).map((sample) => sample.labels ?? {}),
  };
}
