/**
 * The JSON body parser refuses a `__proto__` key anywhere in a body (400), so every request-body
 * object that takes free-form keys says so in its `propertyNames`: a client generated from the
 * document then never sends a body the server refuses for a reason the document does not give.
 */
type TSchema = Record<string, unknown>;

const NOT_PROTO = { not: { const: '__proto__' } };

function visit(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) {
    return;
  }
  if (Array.isArray(schema)) {
    schema.forEach(visit);

    return;
  }
  const node = schema as TSchema;
  const freeKeys =
    node.type === 'object' && node.additionalProperties !== undefined && node.additionalProperties !== false;
  if (freeKeys) {
    const names = (node.propertyNames ?? {}) as TSchema;
    node.propertyNames = names.not ? { allOf: [names, NOT_PROTO] } : { ...names, ...NOT_PROTO };
  }
  for (const value of Object.values(node)) {
    visit(value);
  }
}

type TPaths = Record<
  string,
  Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>
>;

export function refusePrototypeKeys(paths: TPaths): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        visit(media.schema);
      }
    }
  }
}
