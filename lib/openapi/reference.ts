import { openApiDocument } from './document';

// The OpenAPI document arranged for the reference page (/docs/api): operations by tag, in the document's order, with
// who may call each in words.

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}

interface DocumentedOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const who = (operation: DocumentedOperation) => {
  if (operation.security.length === 0) return operation.description ?? 'Anyone.';
  if (operation.description?.startsWith('Admins')) return 'Admins (session or bearer).';
  const optional = operation.security.some((requirement) => Object.keys(requirement).length === 0);
  return optional ? 'Anyone; a signed-in caller’s own data.' : 'Signed in (session or bearer).';
};

const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function apiReference() {
  const document = openApiDocument();
  const tags = new Map<string, ReturnType<typeof describe>[]>();
  function describe(path: string, method: string, operation: DocumentedOperation) {
    return {
      id: operation.operationId,
      method,
      path,
      summary: operation.summary,
      who: who(operation),
      parameters: operation.parameters ?? [],
      body: Object.values(operation.requestBody?.content ?? {})[0]?.schema,
      responses: Object.entries(operation.responses).map(([status, response]) => ({
        status,
        description: response.description,
        schema: response.content?.['application/json']?.schema,
      })),
    };
  }
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(
      methods as Record<string, DocumentedOperation>,
    )) {
      const tag = operation.tags[0]!;
      tags.set(tag, [...(tags.get(tag) ?? []), describe(path, method, operation)]);
    }
  return {
    tags: [...tags].map(([tag, operations]) => ({ tag, id: anchor(tag), operations })),
    schemes: Object.entries(document.components.securitySchemes).map(([name, scheme]) => ({
      name,
      description: scheme.description,
    })),
  };
}
