import Form from 'next/form';
import type { CatalogueQuery, CatalogueSort } from '@/lib/validation/tools';

const SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest first (best match when searching)',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

/** Search, "in stock" and sort for /tools: a GET form, so results are server-rendered and every search has a URL. */
export function CatalogueSearchForm({ query }: { query: CatalogueQuery }) {
  return (
    <Form
      action="/tools"
      role="search"
      aria-label="Search the catalogue"
      className="mb-8 flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4 md:flex-row md:items-end"
    >
      <label className="form-control flex-1">
        <span className="label-text mb-1 font-medium">Search tools</span>
        <input
          type="search"
          name="q"
          defaultValue={query.q ?? ''}
          maxLength={100}
          placeholder="Drill, grinder, torque wrench…"
          className="input input-bordered w-full"
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Sort by</span>
        <select name="sort" defaultValue={query.sort} className="select select-bordered">
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 md:pb-3">
        <input
          type="checkbox"
          name="inStock"
          value="1"
          defaultChecked={query.inStock}
          className="size-6 accent-primary"
        />
        <span className="label-text">In stock only</span>
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}
