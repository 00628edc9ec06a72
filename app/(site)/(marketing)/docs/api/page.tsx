import type { Metadata } from 'next';
import { apiReference } from '@/lib/openapi/reference';
import { pageMetadata, requestMetadata } from '@/lib/seo/page-metadata';

// The API reference for people: the OpenAPI document (GET /api/openapi.json) rendered on the server as plain HTML.
// No script and nothing fetched from elsewhere, so it works offline and under the CSP as it is.

export async function generateMetadata(): Promise<Metadata> {
  return requestMetadata(
    pageMetadata({
      title: 'API reference',
      description:
        'Every route of the Toolhaus REST API: parameters, bodies, answers, errors and how to authenticate.',
      path: '/docs/api',
    }),
  );
}

const METHOD_CLASS: Record<string, string> = {
  get: 'badge-info',
  post: 'badge-success',
  put: 'badge-warning',
  patch: 'badge-warning',
  delete: 'badge-error',
};

function Schema({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium">{label}</summary>
      {/* Focusable because it can scroll sideways on small screens (keyboard users must reach it). */}
      <pre
        tabIndex={0}
        className="mt-1 max-h-96 overflow-auto rounded-box bg-base-200 p-3 text-xs leading-relaxed"
      >
        <code>{JSON.stringify(schema, null, 2)}</code>
      </pre>
    </details>
  );
}

export default function ApiReferencePage() {
  const { tags, schemes } = apiReference();
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">API reference</h1>
        <p>
          The machine-readable description is{' '}
          <a className="link" href="/api/openapi.json">
            /api/openapi.json
          </a>{' '}
          (OpenAPI 3.1). Money is in dollars, ids are <code>_id</code> strings, and every error is{' '}
          <code>{'{ "error": { "code", "message", "fields"? } }'}</code>.
        </p>
        <section aria-labelledby="auth-title" className="rounded-box bg-base-200 p-4">
          <h2 id="auth-title" className="mb-2 text-lg font-semibold">
            Authentication
          </h2>
          <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
            {schemes.map(({ name, description }) => (
              <div key={name} className="contents">
                <dt className="font-mono text-sm">{name}</dt>
                <dd className="text-sm">{description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <nav aria-label="API sections" className="flex flex-wrap gap-2">
          {tags.map(({ tag, id }) => (
            <a key={id} href={`#${id}`} className="btn btn-sm btn-outline">
              {tag}
            </a>
          ))}
        </nav>
      </header>
      {tags.map(({ tag, id, operations }) => (
        <section key={id} aria-labelledby={id} className="flex flex-col gap-3">
          <h2 id={id} className="text-2xl font-bold">
            {tag}
          </h2>
          {operations.map((operation) => (
            <article
              key={operation.id}
              id={operation.id}
              className="card border border-base-300 bg-base-100 p-4"
            >
              <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm break-all">
                <span className={`badge ${METHOD_CLASS[operation.method]} uppercase`}>
                  {operation.method}
                </span>
                {operation.path}
              </h3>
              <p className="mt-1">{operation.summary}</p>
              <p className="text-sm text-base-content/75">{operation.who}</p>
              {operation.parameters.length > 0 && (
                <ul className="mt-2 text-sm">
                  {operation.parameters.map((parameter) => (
                    <li key={`${parameter.in}-${parameter.name}`}>
                      <code>{parameter.name}</code> ({parameter.in}
                      {parameter.required ? ', required' : ''})
                    </li>
                  ))}
                </ul>
              )}
              {operation.body !== undefined && (
                <Schema label="Request body" schema={operation.body} />
              )}
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {operation.responses.map((response) => (
                  <li key={response.status}>
                    <strong>{response.status}</strong> {response.description}
                    {response.schema !== undefined && (
                      <Schema label={`${response.status} answer`} schema={response.schema} />
                    )}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </section>
      ))}
    </main>
  );
}
