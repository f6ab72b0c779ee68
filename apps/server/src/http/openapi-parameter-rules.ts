// Query parameters that the router's schemas take as plain strings because core checks them (each
// with its own 400 text). Their rules live in core; here every operation's parameter of that name
// is described by them, so the document is as strict as the server.
import { CURSOR_JSON_SCHEMA, DATE_BOUND_JSON_SCHEMA, TIME_RANGES, timeZoneNames } from '@formwell/core';

type TParameter = { name?: string; in?: string; schema?: Record<string, unknown>; description?: string };
type TPaths = Record<string, Record<string, { parameters?: TParameter[] } | undefined>>;

function queryRules(): Record<string, Record<string, unknown>> {
  return {
    cursor: CURSOR_JSON_SCHEMA,
    startDate: DATE_BOUND_JSON_SCHEMA,
    endDate: DATE_BOUND_JSON_SCHEMA,
    timeRange: { type: 'string', enum: [...TIME_RANGES], default: 'week' },
    // The zones the runtime lists; an empty value is refused like any unknown name.
    tz: { type: 'string', enum: timeZoneNames(), default: 'UTC' },
  };
}

export function applyParameterRules(paths: TPaths): void {
  const rules = queryRules();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation?.parameters ?? []) {
        const rule = parameter.in === 'query' && parameter.name ? rules[parameter.name] : undefined;
        if (rule) {
          const description = parameter.schema?.description;
          parameter.schema = { ...(description ? { description } : {}), ...rule };
        }
      }
    }
  }
}
