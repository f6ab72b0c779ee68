import integrationConfig from '@formwell/vitest-config/integration';
import { mergeConfig } from 'vitest/config';

// The tests run the compiled CLI, so the run starts by building it (src/test/build-cli.ts).
export default mergeConfig(integrationConfig, {
  test: { globalSetup: ['src/test/build-cli.ts'] },
});
