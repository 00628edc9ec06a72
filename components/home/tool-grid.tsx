import type { ToolDto } from '@/lib/types';
import { ToolCard } from './tool-card';

/** Tool cards of the home page and the catalogue pages. */
export function ToolGrid({ tools }: { tools: ToolDto[] }) {
  const pageToolIds = tools.map((tool) => tool._id);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {tools.map((tool) => (
        <ToolCard key={tool._id} tool={tool} pageToolIds={pageToolIds} />
      ))}
    </div>
  );
}
