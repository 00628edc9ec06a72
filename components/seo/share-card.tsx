import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { SHARE_CARD_SIZE } from '@/lib/seo/page-metadata';

/**
 * The shop's link preview: brand mark, a title and a line under it, drawn with next/og's bundled Geist font and the
 * site's own logo file, so nothing is fetched while it renders.
 */
export async function renderShareCard(title: string, subtitle: string): Promise<ImageResponse> {
  const logo = await readFile(path.join(process.cwd(), 'public/images/favicon.svg'));
  const logoSrc = `data:image/svg+xml;base64,${logo.toString('base64')}`;
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)',
        color: '#1e1b4b',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- drawn by next/og, not a page */}
        <img src={logoSrc} width={96} height={96} alt="" />
        <span style={{ fontSize: 40, color: '#4338ca' }}>Toolhaus Manufacturing</span>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <span style={{ fontSize: 76, lineHeight: 1.1 }}>{title}</span>
        <span style={{ fontSize: 34, color: '#3f3f46' }}>{subtitle}</span>
      </div>
      <div style={{ display: 'flex', height: 12, background: '#4338ca', borderRadius: 6 }} />
    </div>,
    SHARE_CARD_SIZE,
  );
}
