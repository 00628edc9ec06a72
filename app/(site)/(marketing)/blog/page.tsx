import type { Metadata } from 'next';
import { JsonLd } from '@/components/seo/json-ld';
import { pageMetadata, requestMetadata } from '@/lib/seo/page-metadata';
import { faqJsonLd } from '@/lib/seo/structured-data';
import { textOf } from '@/lib/seo/text-of';

export async function generateMetadata(): Promise<Metadata> {
  return requestMetadata(
    pageMetadata({
      title: 'Questions and Answers',
      description:
        'Answers to five common web development questions: React performance, state management, prototypal inheritance, why state is never set directly, and unit tests.',
      path: '/blog',
    }),
  );
}

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-base-200 px-1 py-0.5 text-[0.9em]">{children}</code>;
}

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    // Focusable because it can scroll sideways on small screens (keyboard users must reach it).
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
    >
      <code>{children}</code>
    </pre>
  );
}

const prototypeExample = `const tool = {
  describe() {
    return \`\${this.name} costs $\${this.price}\`;
  },
};

const drill = Object.create(tool); // drill's [[Prototype]] is tool
drill.name = 'Cordless drill';
drill.price = 89;

drill.describe();                      // "Cordless drill costs $89"
Object.hasOwn(drill, 'describe');      // false: it was found on the prototype
Object.getPrototypeOf(drill) === tool; // true`;

const unitTestExample = `import { describe, expect, it } from 'vitest';
import { orderTotal } from './orders';

describe('orderTotal', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(orderTotal({ unitPriceCents: 1250, quantity: 40 })).toBe(50000);
  });

  it('rejects a quantity of zero', () => {
    expect(() => orderTotal({ unitPriceCents: 1250, quantity: 0 })).toThrow();
  });
});`;

const questions = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    answer: (
      <>
        <p>
          Measure first, then fix what the numbers show. Profile a production build: the React
          DevTools Profiler shows which components rendered and why, the browser&apos;s Performance
          panel shows long tasks, and Core Web Vitals (LCP, INP, CLS) show what users actually feel.
          Development builds run extra checks and are much slower, so never judge speed from the dev
          server.
        </p>
        <p>
          Render less, and less often. A component re-renders when its state changes or its parent
          renders, so keep state in the lowest component that needs it, split large components so an
          update touches a small subtree, and pass static JSX down as <Code>children</Code>. Where a
          render is genuinely expensive, memoize: <Code>React.memo</Code> for components,{' '}
          <Code>useMemo</Code> for costly calculations and <Code>useCallback</Code> for callbacks
          handed to memoized children. React Compiler (1.0 since October 2025) adds this memoization
          automatically at build time. Give list items stable keys (an id, never the array index)
          and virtualize very long lists (TanStack Virtual, react-window) so only visible rows exist
          in the DOM.
        </p>
        <p>
          Ship and run less JavaScript. Split code by route and load rarely used parts on demand
          with <Code>React.lazy</Code>, <Code>&lt;Suspense&gt;</Code> and dynamic{' '}
          <Code>import()</Code>. With React Server Components (for example in Next.js), components
          that only display data render on the server and send no JavaScript to the browser; only
          the interactive parts become client components. A bundle analyzer finds heavy
          dependencies, and platform features (CSS, <Code>&lt;details&gt;</Code>, <Code>Intl</Code>)
          often replace a library entirely.
        </p>
        <p>
          Keep interactions responsive and data fast. Mark non-urgent updates with{' '}
          <Code>useTransition</Code> or <Code>useDeferredValue</Code> so typing stays smooth while a
          large list re-filters. Fetch in parallel instead of in waterfalls, cache results (SWR,
          TanStack Query or the framework&apos;s cache) and stream slow parts behind Suspense.
          Finally, give images explicit sizes and lazy-load those below the fold, and self-host
          fonts, so the layout does not shift while the page loads.
        </p>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <p>
          <strong>Local state.</strong> <Code>useState</Code> holds independent values;{' '}
          <Code>useReducer</Code> fits when several values change together or the update logic
          grows, because every transition lives in one pure, easily tested function. Most state
          belongs here, in the lowest component that needs it.
        </p>
        <p>
          <strong>Derived and lifted state.</strong> Anything that can be computed from existing
          props or state should be computed during render (for example a cart total), not stored, so
          it can never go out of sync. When two siblings need the same data, lift the state to their
          closest common parent and pass it down with props and callbacks.
        </p>
        <p>
          <strong>Context.</strong> <Code>createContext</Code> with <Code>useContext</Code> (or{' '}
          <Code>use(Context)</Code> in React 19, where the context itself can be rendered as the
          provider) shares a value with a whole subtree without prop drilling. It suits widely read,
          rarely changing values such as the signed-in user, theme or locale. Every consumer
          re-renders when the value changes, so split contexts by concern.
        </p>
        <p>
          <strong>External stores.</strong> For large, frequently updated client state shared by
          distant parts of the app, libraries such as Redux Toolkit, Zustand, Jotai or MobX keep the
          state outside React and let each component subscribe to just the slice it needs; React
          provides <Code>useSyncExternalStore</Code> for exactly this kind of subscription.
        </p>
        <p>
          <strong>Server, URL and form state.</strong> Data owned by the server is best treated as a
          cache rather than copied into global state: SWR or TanStack Query fetch, deduplicate and
          revalidate it, and Server Components can render it directly. React 19 Actions, with{' '}
          <Code>useActionState</Code>, <Code>useOptimistic</Code> and <Code>useFormStatus</Code>,
          handle mutations and pending states. Filters, tabs and page numbers that should survive a
          reload or be shareable belong in the URL. Form input can live in uncontrolled fields or a
          form library such as React Hook Form, and small preferences can be persisted in{' '}
          <Code>localStorage</Code> or cookies.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          In JavaScript, objects inherit directly from other objects. Every object has a hidden
          link, <Code>[[Prototype]]</Code>, to another object or to <Code>null</Code>; you can read
          it with <Code>Object.getPrototypeOf(obj)</Code>. When you read a property, the engine
          first looks at the object&apos;s own properties, then follows the link to its prototype,
          then to that object&apos;s prototype, and so on along the <em>prototype chain</em> until
          the property is found or the chain ends in <Code>null</Code>, which gives{' '}
          <Code>undefined</Code>.
        </p>
        <CodeBlock label="Example: inheriting a method through the prototype chain">
          {prototypeExample}
        </CodeBlock>
        <p>
          A method found on a prototype runs with <Code>this</Code> set to the object it was called
          on, which is why one shared <Code>describe</Code> serves every tool. Writing does not walk
          the chain: <Code>drill.describe = …</Code> creates an own property that shadows the
          prototype&apos;s version (unless the prototype defines a setter or a read-only property).
          Lookups are live, so a method added to a prototype is immediately available to every
          object that inherits from it.
        </p>
        <p>
          Constructor functions and <Code>class</Code> use the same mechanism. An object created
          with <Code>new Tool()</Code> gets <Code>Tool.prototype</Code> as its prototype. The{' '}
          <Code>class</Code> syntax puts methods on <Code>Tool.prototype</Code>, and{' '}
          <Code>class Drill extends Tool</Code> links <Code>Drill.prototype</Code> to{' '}
          <Code>Tool.prototype</Code> (and <Code>Drill</Code> to <Code>Tool</Code>, so static
          methods are inherited too); <Code>super.method()</Code> looks the method up on the parent
          prototype, and <Code>instanceof</Code> simply checks whether a constructor&apos;s{' '}
          <Code>prototype</Code> appears in the object&apos;s chain.
        </p>
        <p>
          Built-ins work the same way: <Code>[1, 2].map</Code> is found on{' '}
          <Code>Array.prototype</Code>, whose prototype is <Code>Object.prototype</Code>. In
          practice, set up inheritance with <Code>class</Code> or <Code>Object.create</Code>, avoid
          changing an existing object&apos;s prototype with <Code>Object.setPrototypeOf</Code>{' '}
          (engines de-optimize such objects), and never add methods to built-in prototypes in
          application code.
        </p>
      </>
    ),
  },
  {
    id: 'setting-state',
    question:
      'Why should you not set state directly? Why not write products = [...] instead of calling setProducts?',
    answer: (
      <>
        <p>
          Given <Code>const [products, setProducts] = useState([])</Code>, the variable{' '}
          <Code>products</Code> is not a live connection to React&apos;s state. It is a local
          constant holding a snapshot of the state for this one render. Assigning to it (which{' '}
          <Code>const</Code> forbids; with <Code>let</Code> it would silently &quot;work&quot;) only
          changes a local variable of a render that has already happened. React is never told, so
          nothing re-renders, and on the next render <Code>useState</Code> returns the value React
          stored, so the assignment is simply lost.
        </p>
        <p>
          <Code>setProducts</Code> is how you tell React about a change: it stores the new value for
          that component and schedules a re-render, in which <Code>useState</Code> returns the new
          value and the UI is recalculated from it. Updates from one event are batched into a single
          render, and reading <Code>products</Code> right after calling <Code>setProducts</Code> in
          the same handler still gives the old value, because the handler sees this render&apos;s
          snapshot. When the next value depends on the previous one, pass an updater function,{' '}
          <Code>setProducts((prev) =&gt; [...prev, newProduct])</Code>, so queued updates apply in
          order and never read a stale snapshot.
        </p>
        <p>
          Mutating the array in place (<Code>products.push(item)</Code>) fails for a related reason.
          React decides whether state changed by comparing old and new values with{' '}
          <Code>Object.is</Code>. A mutated array is still the same reference, so{' '}
          <Code>setProducts(products)</Code> may skip the render entirely, and memoized children,{' '}
          <Code>useMemo</Code> and effect dependency arrays, which also compare references, will not
          notice the change. Always create a new value instead: <Code>[...products, item]</Code>,{' '}
          <Code>products.filter(…)</Code> or <Code>products.map(…)</Code>.
        </p>
        <p>
          Treating state as immutable is also what keeps concurrent rendering, transitions and
          Strict Mode&apos;s double rendering correct: React can rely on a render&apos;s snapshot
          never changing underneath it.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: (
      <>
        <p>
          A unit test is a small automated test that checks one unit of code (a function, a class, a
          module or a single component) in isolation from the rest of the system. It calls the unit
          with known inputs and asserts on the result, usually in three steps: arrange, act, assert.
          Slow or unpredictable dependencies such as the network, a database, the clock or random
          numbers are replaced by simple fakes, so a unit test runs in milliseconds and gives the
          same result every time. In JavaScript they are written with runners such as Vitest, Jest
          or Node&apos;s built-in <Code>node:test</Code>; React components are tested with React
          Testing Library, which renders a component and uses it the way a person would.
        </p>
        <CodeBlock label="Example: a unit test written with Vitest">{unitTestExample}</CodeBlock>
        <p>
          Why write them? They catch bugs when they are cheapest to fix, at the moment the code is
          written rather than in production. They guard against regressions: once a behaviour is
          covered, a change that breaks it fails the suite in continuous integration before it is
          merged, and that safety net is what makes refactoring practical. They are executable
          documentation of how a unit is meant to be used, edge cases included. And they improve
          design, because code that is hard to unit test usually has too many responsibilities or
          hidden dependencies.
        </p>
        <p>
          Unit tests prove that the pieces work, not that they work together, so a healthy suite
          combines many fast unit tests with integration tests (for example an API route against a
          real database) and a few end-to-end tests that drive the real application in a browser.
          Good unit tests exercise behaviour through the public interface rather than implementation
          details, so they fail only when something a caller relies on actually breaks.
        </p>
      </>
    ),
  },
];

export default function BlogPage() {
  return (
    <div className="bg-base-200">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <header className="mb-10 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Blog</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight">Questions and Answers</h1>
          <p className="mt-3 text-base-content/75">
            Short, practical answers to questions we hear from developers joining our web team.
          </p>
        </header>
        <JsonLd
          data={faqJsonLd(
            questions.map(({ question, answer }) => ({ question, answer: textOf(answer) })),
          )}
        />
        <div className="space-y-8">
          {questions.map((item) => (
            <article
              key={item.id}
              id={item.id}
              aria-labelledby={`${item.id}-title`}
              className="card border border-base-300 bg-base-100 shadow-sm"
            >
              <div className="card-body gap-4 leading-relaxed">
                <h2 id={`${item.id}-title`} className="card-title text-2xl">
                  {item.question}
                </h2>
                {item.answer}
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
