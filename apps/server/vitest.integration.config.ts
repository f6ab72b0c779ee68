import integrationConfig from '@formwell/vitest-config/integration';
import { slowFirst } from '@formwell/vitest-config/slow-first';
import { mergeConfig } from 'vitest/config';

// The files that run longest start first, so the many short ones fill the other worker meanwhile
// instead of these running alone at the end. Measured on a clean clone: the scale-out tests are paced
// at a steady submit rate (about 90 s and 55 s), the browser journeys drive Chromium, start-command
// builds the programs (production-artifact then replays that build from turbo's cache).
export default mergeConfig(integrationConfig, {
  test: {
    sequence: {
      sequencer: slowFirst([
        'test/scale-out/scale-out.integration.test.ts',
        'test/browser/dashboard/owner-journey.integration.test.ts',
        'test/scale-out/scale-out-cluster.integration.test.ts',
        'test/foundation/start-command.integration.test.ts',
        'test/browser/plain-html-form.integration.test.ts',
        'test/api-v1/csv-export.integration.test.ts',
        'test/foundation/schema-version.integration.test.ts',
        'test/browser/dashboard/staff-users.integration.test.ts',
        'test/foundation/production-artifact.integration.test.ts',
      ]),
    },
  },
});
