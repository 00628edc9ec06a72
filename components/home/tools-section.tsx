import { Suspense } from 'react';
import { LoadingDots } from '@/components/loading-dots';
import { listTools } from '@/lib/tools';
import { SectionHeading } from './section-heading';
import { ToolCard } from './tool-card';

async function ToolsGrid() {
  const tools = await listTools();
  if (tools.length === 0) {
    return <p className="text-center text-base-content/75">No tools are available right now.</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} eager={index === 0} />
      ))}
    </div>
  );
}

export function ToolsSection() {
  return (
    <section id="tools" aria-labelledby="tools-title" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading
        id="tools-title"
        eyebrow="Catalogue"
        title="Our Available Tools"
        lead="Built in our own plant, tested on real job sites and sold by the carton at factory prices."
      />
      <Suspense fallback={<LoadingDots />}>
        <ToolsGrid />
      </Suspense>
    </section>
  );
}
