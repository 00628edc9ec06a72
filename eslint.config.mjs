import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '**/.next/**',
      '**/.next-*/**',
      '.data/**',
      '.test-data/**',
      'node_modules/**',
      'next-env.d.ts',
      'lib/db/migrations/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  {
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
];
export default config;
