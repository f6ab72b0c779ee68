/** One series of a family as the parser gives it (every number as text). */
type TPrometheusSample = { labels?: Record<string, string>; value?: string };

export type TPrometheusFamily = { name: string; help: string; type: string; metrics: TPrometheusSample[] };

declare function parsePrometheusTextFormat(text: string): TPrometheusFamily[];
export default parsePrometheusTextFormat;
