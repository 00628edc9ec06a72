import Link from 'next/link';
import { formatCount } from '@/lib/format';
import { HOME_TOOL_COUNT, listToolPage } from '@/lib/tools/catalogue';
import { SectionHeading } from './section-heading';
import { ToolGrid } from './tool-grid';

async function HomeTools() {
  const { tools, total } = await listToolPage(0, HOME_TOOL_COUNT);
  if (tools.length === 0) {
    return <p className="text-center text-base-content/75">No tools are available right now.</p>;
  }
  return (
    <>
      <ToolGrid tools={tools} />
      {total > tools.length && (
        <p className="mt-10 text-center">
          <Link href="/tools" className="btn btn-outline">
            See all {formatCount(total)} tools
          </Link>
        </p>
      )}
    </>
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
      <HomeTools />
    </section>
  );
}
