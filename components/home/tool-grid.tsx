import type { ToolDto } from '@/lib/types';
import { ToolCard } from './tool-card';

/** Tool cards of the home page and the catalogue pages; the first card may be on screen at load. */
export function ToolGrid({ tools }: { tools: ToolDto[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} eager={index === 0} />
      ))}
    </div>
  );
}
