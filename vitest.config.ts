import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file opens its own database copy; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'sw/**/*.test.ts',
            'build/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/unit.ts'],
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          setupFiles: ['tests/setup/server.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
