// Prerendered at build and answered from Next's cache: the framework's floor for a cached JSON read. The body is
// shaped and sized like the shop's GET /api/tools on the demo catalogue (8 tools, about 2.5 KB).
export const dynamic = 'force-static';

const tools = Array.from({ length: 8 }, (_, i) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  name: `Catalogue tool number ${i + 1}`,
  about:
    'A placeholder description about as long as a tool description in the shop, with a little detail on its use and on how it is packed.',
  price: 10 + i * 3.25,
  quantity: 1000 * (i + 1),
  min_quantity: 50,
  image: `/images/tools/tool-${i + 1}.svg`,
}));

export function GET() {
  return Response.json(tools);
}
